import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { ANCHORS } from '../emulator';
import { dayKey } from '../../lib/credits/day-key';
import { HUBSPOT_HEADER } from '../support/crm-headers';
import { parseRecords } from '../support/csv-parse';
import { findByText, waitFor } from './firefox';
import { configure, firefoxTest } from './harness';

// Saved leads in Firefox ESR against the emulator's ledger: "Save {name} as lead" on a popup result (0
// credits, no call), the Leads page (leads.html) sets a status, and "HubSpot CSV" downloads a file that
// reads back with the status in HubSpot's terms. The download is the real one: Firefox is told to save
// into a directory of this test's own, and the file is read from there once complete.

const A = ANCHORS;
const KEY = 'test_pro';
const downloads = mkdtempSync(path.join(tmpdir(), 'ff-leads-downloads-'));
after(() => rmSync(downloads, { recursive: true, force: true }));

/** Firefox saves downloads into `downloads` without asking (and without opening the downloads panel). */
const DOWNLOAD_PREFS = {
  'browser.download.folderList': 2,
  'browser.download.dir': downloads,
  'browser.download.useDownloadDir': true,
  'browser.download.always_ask_before_handling_new_types': false,
  'browser.download.alwaysOpenPanel': false,
};

firefoxTest(
  'a popup result saved as a lead (0 credits, no call), its status set on the Leads page, the HubSpot CSV downloaded and read back',
  async ({ ff, server, ledger, charged }) => {
    await configure(ff, server.baseUrl, KEY);

    const popup = await ff.openExtensionPage('/popup.html');
    await (await popup.waitForSelector('input[aria-label="Search the directory"]'))!.type(A.founder.name);
    await (await findByText(popup, 'button', 'Search · 5 credits')).click();
    const save = await popup.waitForSelector(`button[aria-label="Save ${A.founder.name} as lead"]`, { timeout: 15_000 });
    assert.equal(charged(KEY), 5);
    const before = ledger(KEY).length;
    await save!.click();
    await findByText(popup, '.save-lead__mark', 'Saved · New');
    await popup.close();

    const page = await ff.openExtensionPage('/leads.html');
    const name = await findByText(page, `table[aria-label="Leads"] tbody tr button[data-open-lead="${A.founder.id}"]`, A.founder.name);
    assert.equal(await page.$$eval('table[aria-label="Leads"] tbody tr', (rows) => rows.length), 1);
    await name.click();
    await page.waitForSelector('section[aria-label="Lead"] select#lead-status');
    await page.select('#lead-status', 'contacted');
    await findByText(page, '[role="status"]', 'Status: Contacted.');
    await findByText(page, 'table[aria-label="Leads"] tbody tr .lead-status', 'Contacted');

    await (await findByText(page, 'button', /^Export$/)).click();
    await (await findByText(page, 'button', /^HubSpot CSV$/)).click();
    const fileName = `leads-hubspot-${dayKey(Date.now())}.csv`;
    await findByText(page, '[role="status"]', `Exported 1 lead to ${fileName}.`);
    // Complete once the file is there and Firefox's partial file is gone.
    const file = path.join(downloads, fileName);
    await waitFor(async () => existsSync(file) && !readdirSync(downloads).some((f) => f.endsWith('.part')), `${fileName} downloaded`);
    const { header, records } = parseRecords(readFileSync(file, 'utf8'));
    assert.deepEqual(header, HUBSPOT_HEADER);
    assert.equal(records.length, 1);
    const [ada] = records;
    const record = server.emulator.directory.people.find((p) => p.id === A.founder.id)!;
    const company = server.emulator.directory.companies.find((c) => c.id === A.founder.companyId)!;
    assert.deepEqual(
      {
        first: ada!['First Name'],
        last: ada!['Last Name'],
        title: ada!['Job Title'],
        company: ada!['Company Name'],
        domain: ada!['Company Domain Name'],
        handle: ada!['Twitter Username'],
        status: ada!['Lead Status'],
        email: ada!.Email,
      },
      {
        first: 'Ada',
        last: 'Lindqvist',
        title: record.jobTitle,
        company: company.name,
        domain: company.domain ?? '',
        handle: A.founder.twitterHandle,
        status: 'ATTEMPTED_TO_CONTACT',
        // Nothing was revealed: a lead holds what was paid for, and the contact was not.
        email: '',
      },
    );

    // Saving, the status and the export: no call, no credit.
    assert.equal(ledger(KEY).length, before);
    assert.equal(charged(KEY), 5);
  },
  { prefs: DOWNLOAD_PREFS },
);

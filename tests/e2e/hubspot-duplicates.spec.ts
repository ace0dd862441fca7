import type { Page } from '@playwright/test';
import { HUBSPOT_PATHS } from '../../lib/crm/hubspot/paths';
import type { Lead } from '../../lib/leads/lead';
import { aLeadWithSnapshot } from '../support/a-lead';
import { aProject } from '../support/records';
import { expect, test } from './fixtures';
import {
  allObjects,
  associatedDomains,
  connectHubSpot,
  contactsOf,
  heldFor,
  leadRow,
  openLeadsByClick,
  openSend,
  withHubSpot,
} from './hubspot-connect';
import { seedLeadsInPage } from './leads-seed';

// Issue 39 in Chromium against the HubSpot emulator over real HTTP: no duplicates. A teammate's contact is
// linked, not copied, and keeps its owner, status and title; several same-name contacts are the rep's
// choice; a create whose answer is lost, a failed send sent again, and two sends at once each leave one
// contact, one note and one task per lead. Objects are counted in the emulator before and after.

const TOKEN = 'pat-test';
const now = Date.now();

interface Spec {
  id: string;
  first: string;
  last: string;
  company: string;
  domain: string;
  over?: Partial<Lead>;
}

/** A lead at its own company (by domain), with its own X handle; `over` sets the rep's fields. */
const lead = ({ id, first, last, company, domain, over }: Spec, n: number) =>
  aLeadWithSnapshot(
    {
      id,
      firstName: first,
      lastName: last,
      jobTitle: 'Head of BD',
      twitterHandle: `${first}_${last}_bd`.toLowerCase(),
      linkedinUrl: null,
      company: aProject({ id: `cmp_${domain}`, name: company, domain }),
    },
    { status: 'contacted', updatedAt: now - n * 1_000, ...over },
  );

/** A lead with one note and a follow-up: a send writes a contact, a note and a task for it. */
const worked = (spec: Omit<Spec, 'over'>, n: number) =>
  lead(
    {
      ...spec,
      over: { notes: [{ id: `${spec.id}-n`, at: now - 60_000, text: `Met ${spec.first} at Token2049` }], followUpOn: '2026-12-01' },
    },
    n,
  );

/** The Leads page (popup → Leads) with these leads in its database. */
async function leadsPageWith(context: Parameters<typeof openLeadsByClick>[0], extensionId: string, leads: ReturnType<typeof lead>[]) {
  const page = await openLeadsByClick(context, extensionId);
  await seedLeadsInPage(page, leads);
  await page.reload();
  for (const l of leads) await expect(leadRow(page, l.lead.name)).toBeVisible();
  return page;
}

const items = (dialog: ReturnType<Page['getByRole']>, group: string) =>
  dialog.getByRole('region', { name: 'Leads in this send' }).getByRole('group', { name: group }).getByRole('listitem');

test('a teammate’s Mei Tanaka is linked, not copied, and keeps her owner, status and title; two Dario Rossis: the rep is asked, nothing is written until they pick, "Needs your choice" reopens the preview', async ({
  context,
  extensionId,
}) => {
  await withHubSpot(async ({ baseUrl, hubspot }) => {
    const { control } = hubspot;
    const mei = control.addContact({
      firstname: 'Mei',
      lastname: 'Tanaka',
      email: 'mei@harborline.example',
      company: 'Harborline',
      jobtitle: 'VP Partnerships',
      hs_lead_status: 'IN_PROGRESS',
      hubspot_owner_id: control.ownerId,
    });
    const dario1 = control.addContact({
      firstname: 'Dario',
      lastname: 'Rossi',
      email: 'dario@nordicchain.example',
      company: 'Nordic Chain',
      jobtitle: 'Head of BD',
      hubspot_owner_id: control.ownerId,
    });
    const dario2 = control.addContact({
      firstname: 'Dario',
      lastname: 'Rossi',
      email: 'd.rossi@nordicchain.example',
      company: 'Nordic Chain',
      jobtitle: 'Analyst',
      hubspot_owner_id: control.secondOwnerId,
    });
    const teammates = () => [mei, dario1, dario2].map((c) => ({ ...c.properties }));
    const before = teammates();

    await connect(context, extensionId, baseUrl);
    // Our Mei: saved a minute ago (New), no email revealed; only her name and company are HubSpot's too.
    const ourMei = lead(
      { id: 'per_mei', first: 'Mei', last: 'Tanaka', company: 'Harborline', domain: 'harborline.example', over: { status: 'new' } },
      1,
    );
    const ourDario = worked({ id: 'per_dario', first: 'Dario', last: 'Rossi', company: 'Nordic Chain', domain: 'nordicchain.example' }, 2);
    const page = await leadsPageWith(context, extensionId, [ourMei, ourDario]);

    let dialog = await openSend(page, 'all');
    await expect(dialog).toContainText(
      'Create 0 contacts, link 1 to existing, update 0, skip 0 already identical, create 1 company, 1 needs your choice.',
    );
    await expect(items(dialog, 'Link to existing (1)')).toHaveText(['Mei Tanaka — link to existing (owner Mia Owner)']);
    await expect(items(dialog, 'Needs your choice (1)')).toHaveText(['Dario Rossi — needs your choice']);
    await expect(dialog.getByRole('region', { name: 'Leads in this send' }).getByRole('group', { name: /^Create/ })).toHaveCount(0);
    // Mei: the one exact name + company match, picked by default; her title is the teammate's unless the rep ticks ours.
    const whichMei = dialog.getByRole('radiogroup', { name: 'Which contact is Mei Tanaka?' });
    await expect(
      whichMei.getByRole('radio', { name: 'Mei Tanaka · VP Partnerships · Harborline · mei@harborline.example · owner Mia Owner' }),
    ).toBeChecked();
    await expect(whichMei.getByRole('radio', { name: 'Create a new contact' })).not.toBeChecked();
    const meiValues = dialog.getByRole('group', { name: 'Mei Tanaka: a teammate’s values in HubSpot' });
    await expect(meiValues.getByRole('checkbox')).toHaveCount(1); // her status: ours is New, never offered over hers
    await expect(meiValues.getByRole('checkbox', { name: 'Use ours for Job title: VP Partnerships → Head of BD' })).not.toBeChecked();
    // Dario: two same-name contacts at Nordic Chain, none picked.
    const whichDario = dialog.getByRole('radiogroup', { name: 'Which contact is Dario Rossi?' });
    await expect(whichDario.getByRole('radio')).toHaveCount(3);
    for (const radio of await whichDario.getByRole('radio').all()) await expect(radio).not.toBeChecked();
    await expect(
      whichDario.getByRole('radio', { name: 'Dario Rossi · Analyst · Nordic Chain · d.rossi@nordicchain.example · owner Jonas Berg' }),
    ).toBeVisible();
    await expect(dialog.getByText('1 lead waits for your choice and is not sent.')).toBeVisible();
    expect(teammates()).toEqual(before); // the preview is a read

    await dialog.getByRole('button', { name: 'Send 1 lead' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'HubSpot: 0 created, 1 linked, 0 updated, 0 already identical, 1 waits for your choice.',
      {
        timeout: 20_000,
      },
    );
    // No contact for Mei: hers carries our id, her owner, status and title stay the teammate's.
    expect(hubspot.live('contacts')).toHaveLength(3);
    expect(allObjects(hubspot)).toEqual({ contacts: 3, companies: 1, notes: 0, tasks: 0 });
    expect(mei.properties).toMatchObject({
      crypto_directory_id: 'per_mei',
      hubspot_owner_id: control.ownerId,
      hs_lead_status: 'IN_PROGRESS',
      jobtitle: 'VP Partnerships',
      email: 'mei@harborline.example',
    });
    expect(associatedDomains(hubspot, ['per_mei'])).toEqual([['harborline.example']]);
    // Dario waits: nothing of him was written (his note and follow-up neither).
    expect([dario1, dario2].map((c) => c.properties)).toEqual(before.slice(1));
    await dialog.getByRole('button', { name: 'Close' }).click();

    const darioRow = leadRow(page, 'Dario Rossi');
    await expect(leadRow(page, 'Mei Tanaka')).toContainText('In HubSpot');
    await darioRow.getByRole('button', { name: 'Needs your choice' }).click();
    dialog = page.getByRole('dialog', { name: 'Send to HubSpot' });
    const again = dialog.getByRole('radiogroup', { name: 'Which contact is Dario Rossi?' });
    await expect(again).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: /^Send/ })).toHaveCount(0); // nothing to send until he picks
    await again
      .getByRole('radio', { name: 'Dario Rossi · Analyst · Nordic Chain · d.rossi@nordicchain.example · owner Jonas Berg' })
      .check();
    // (Its company count is the known bug below.)
    await expect(dialog).toContainText('Create 0 contacts, link 1 to existing, update 0, skip 0 already identical, create ');
    await expect(items(dialog, 'Link to existing (1)')).toHaveText(['Dario Rossi — link to existing (owner Jonas Berg)']);
    await dialog.getByRole('button', { name: 'Send 1 lead' }).click();
    await expect(dialog.getByRole('status')).toHaveText('HubSpot: 0 created, 1 linked, 0 updated, 0 already identical.', {
      timeout: 20_000,
    });

    expect(allObjects(hubspot)).toEqual({ contacts: 3, companies: 2, notes: 1, tasks: 1 });
    expect(contactsOf(hubspot, 'per_dario').map((c) => c.id)).toEqual([dario2.id]);
    expect(dario2.properties).toMatchObject({ hubspot_owner_id: control.secondOwnerId, jobtitle: 'Analyst' });
    expect(dario1.properties).toEqual(before[1]);
    expect(heldFor(hubspot, 'per_dario')).toEqual({ contacts: 1, notes: 1, tasks: 1 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(darioRow).toContainText('In HubSpot');
    await expect(darioRow.getByRole('button', { name: 'Needs your choice' })).toHaveCount(0);
  });
});

test('a create whose answer is lost before any byte, and lost answers then a second send: one contact, one note and one task per lead, each contact with its company', async ({
  context,
  extensionId,
}) => {
  await withHubSpot(async ({ baseUrl, hubspot }) => {
    const upsert = HUBSPOT_PATHS.batchUpsert('contacts');
    await connect(context, extensionId, baseUrl);
    const people = [
      { id: 'per_ann', first: 'Ann', last: 'Lost', company: 'Ann Chain', domain: 'annchain.example' },
      { id: 'per_ben', first: 'Ben', last: 'Lost', company: 'Ben Labs', domain: 'benlabs.example' },
      { id: 'per_cy', first: 'Cy', last: 'Again', company: 'Cy Capital', domain: 'cycapital.example' },
      { id: 'per_di', first: 'Di', last: 'Again', company: 'Di DAO', domain: 'didao.example' },
    ];
    const page = await leadsPageWith(
      context,
      extensionId,
      people.map((p, n) => worked(p, n + 1)),
    );
    expect(allObjects(hubspot)).toEqual({ contacts: 0, companies: 0, notes: 0, tasks: 0 });

    // 1. The contacts' upsert reaches HubSpot twice (the browser's own resend), is done, and its answer is lost
    // before any byte: it is sent again (by Chromium on a reused socket, or by our retry) and lands on the same contacts.
    hubspot.control.resendNext(upsert);
    hubspot.control.loseAnswerNext(1, upsert);
    let dialog = await openSend(page, ['Ann Lost', 'Ben Lost']);
    await dialog.getByRole('button', { name: 'Send 2 leads' }).click();
    const first = dialog.getByRole('status');
    await expect(first).toHaveText(/^HubSpot: /, { timeout: 20_000 });
    const upserts = hubspot.log.filter((l) => l.path === upsert);
    test.info().annotations.push({
      type: 'lost create',
      description: `${upserts.length} contact upserts reached HubSpot (${upserts.filter((l) => l.lost).length} answer lost); the send said: ${await first.textContent()}`,
    });
    expect(upserts.length).toBeGreaterThanOrEqual(3); // twice at once, then again after the lost answer
    if ((await first.textContent())?.includes('failed')) {
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.reload();
      dialog = await openSend(page, ['Ann Lost', 'Ben Lost']);
      await dialog.getByRole('button', { name: 'Send 2 leads' }).click();
    }
    await expect(dialog.getByRole('status')).toHaveText(/^HubSpot: \d created, (\d linked, )?0 updated, 0 already identical\.$/, {
      timeout: 20_000,
    });
    for (const id of ['per_ann', 'per_ben']) expect(heldFor(hubspot, id), id).toEqual({ contacts: 1, notes: 1, tasks: 1 });
    expect(allObjects(hubspot)).toEqual({ contacts: 2, companies: 2, notes: 2, tasks: 2 });
    expect(associatedDomains(hubspot, ['per_ann', 'per_ben'])).toEqual([['annchain.example'], ['benlabs.example']]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();

    // 2. Every answer to the upsert is lost (each try and any resend of it by the browser): the send fails for
    // both leads, though HubSpot made their contacts. The second send finds those by our id and links them.
    hubspot.control.loseAnswerNext(6, upsert);
    dialog = await openSend(page, ['Cy Again', 'Di Again']);
    await dialog.getByRole('button', { name: 'Send 2 leads' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'HubSpot: 0 created, 0 updated, 0 already identical, 2 failed (see the leads: send them again to retry).',
      { timeout: 30_000 },
    );
    expect(hubspot.live('contacts')).toHaveLength(4); // made, answer lost
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(leadRow(page, 'Cy Again')).toContainText('Not sent to HubSpot:');
    await page.reload();
    dialog = await openSend(page, ['Cy Again', 'Di Again']);
    await expect(dialog).toContainText('Create 0 contacts, link 2 to existing, update 0, skip 0 already identical, create 0 companies.');
    await expect(items(dialog, 'Link to existing (2)')).toHaveText([
      'Cy Again — link to existing (no owner)',
      'Di Again — link to existing (no owner)',
    ]);
    await dialog.getByRole('button', { name: 'Send 2 leads' }).click();
    await expect(dialog.getByRole('status')).toHaveText('HubSpot: 0 created, 2 linked, 0 updated, 0 already identical.', {
      timeout: 20_000,
    });

    for (const p of people) expect(heldFor(hubspot, p.id), p.id).toEqual({ contacts: 1, notes: 1, tasks: 1 });
    expect(allObjects(hubspot)).toEqual({ contacts: 4, companies: 4, notes: 4, tasks: 4 });
    expect(
      associatedDomains(
        hubspot,
        people.map((p) => p.id),
      ),
    ).toEqual(people.map((p) => [p.domain]));
  });
});

test('two overlapping sends from two Leads pages, clicked together: one contact, one note and one task per lead, one company per domain', async ({
  context,
  extensionId,
}) => {
  await withHubSpot(async ({ baseUrl, hubspot }) => {
    await connect(context, extensionId, baseUrl);
    const people = [
      { id: 'per_jonas', first: 'Jonas', last: 'Lind', company: 'Shared Chain', domain: 'shared.example' },
      { id: 'per_dario2', first: 'Dario', last: 'Both', company: 'Shared Chain', domain: 'shared.example' },
      { id: 'per_eli', first: 'Eli', last: 'Solo', company: 'Solo Labs', domain: 'solo.example' },
    ];
    const one = await leadsPageWith(
      context,
      extensionId,
      people.map((p, n) => worked(p, n + 1)),
    );
    const two = await openLeadsByClick(context, extensionId);

    // Overlapping: Dario Both is in both sends.
    const first = await openSend(one, ['Jonas Lind', 'Dario Both']);
    const second = await openSend(two, ['Dario Both', 'Eli Solo']);
    await expect(first).toContainText('Create 2 contacts, link 0 to existing, update 0, skip 0 already identical, create 1 company.');
    await expect(second).toContainText('Create 2 contacts, link 0 to existing, update 0, skip 0 already identical, create 2 companies.');
    await Promise.all([
      first.getByRole('button', { name: 'Send 2 leads' }).click(),
      second.getByRole('button', { name: 'Send 2 leads' }).click(),
    ]);
    for (const dialog of [first, second])
      await expect(dialog.getByRole('status')).toHaveText(/^HubSpot: \d created, \d updated, \d already identical\.$/, { timeout: 30_000 });

    for (const p of people) expect(heldFor(hubspot, p.id), p.id).toEqual({ contacts: 1, notes: 1, tasks: 1 });
    expect(allObjects(hubspot)).toEqual({ contacts: 3, companies: 2, notes: 3, tasks: 3 });
    expect(
      hubspot
        .live('companies')
        .map((c) => c.properties.domain)
        .sort(),
    ).toEqual(['shared.example', 'solo.example']);
    expect(
      associatedDomains(
        hubspot,
        people.map((p) => p.id),
      ),
    ).toEqual(people.map((p) => [p.domain]));
  });
});

// The preview counts the companies from the leads it will write (each plan item names the company it would
// create), so a held lead's company is counted once the rep answers it.
test('once the rep picks a contact for a held lead, the preview counts the company the send will create', async ({
  context,
  extensionId,
}) => {
  await withHubSpot(async ({ baseUrl, hubspot }) => {
    for (const email of ['dario@nordicchain.example', 'd.rossi@nordicchain.example'])
      hubspot.control.addContact({ firstname: 'Dario', lastname: 'Rossi', email, company: 'Nordic Chain' });
    await connect(context, extensionId, baseUrl);
    const page = await leadsPageWith(context, extensionId, [
      lead({ id: 'per_dario', first: 'Dario', last: 'Rossi', company: 'Nordic Chain', domain: 'nordicchain.example' }, 1),
    ]);
    const dialog = await openSend(page, 'all');
    await dialog
      .getByRole('radiogroup', { name: 'Which contact is Dario Rossi?' })
      .getByRole('radio', { name: /d\.rossi@nordicchain\.example/ })
      .check();
    await expect(dialog.getByText(/^Create \d+ contacts?, /)).toHaveText(
      'Create 0 contacts, link 1 to existing, update 0, skip 0 already identical, create 1 company.',
    );
    await dialog.getByRole('button', { name: 'Send 1 lead' }).click();
    await expect(dialog.getByRole('status')).toHaveText('HubSpot: 0 created, 1 linked, 0 updated, 0 already identical.', {
      timeout: 20_000,
    });
    expect(hubspot.live('companies')).toHaveLength(1); // the send made Nordic Chain, as the preview said
  });
});

function connect(context: Parameters<typeof connectHubSpot>[0], extensionId: string, baseUrl: string) {
  return connectHubSpot(context, extensionId, baseUrl, TOKEN);
}

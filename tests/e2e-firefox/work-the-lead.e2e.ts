import assert from 'node:assert/strict';
import type { ElementHandle, Page } from 'puppeteer-core';
import { ANCHORS } from '../emulator';
import { INDEXED_DATABASES } from '../../lib/storage/keys';
import { findByText, tabIdReporting, waitFor, workerIdle, type FirefoxSession } from './firefox';
import { configure, firefoxTest } from './harness';

// Issue 38 in Firefox ESR: working the lead from the sidebar page's person card (the Chromium version is
// tests/e2e/work-the-lead.spec.ts). The card's lead editor (save, Contacted, a quick follow-up, a note:
// no tab, no call), read back from the leads database and the Leads page; and "Message on Telegram" after
// a confirmed reveal: a new tab to t.me (answered here, nothing leaves the machine), the message on the
// clipboard, the touch recorded on a new lead. "No call" is the emulator's ledger not growing.

const A = ANCHORS;
const KEY = 'test_pro';
const PERSON = 'section[aria-label="Person"]';
const EDITOR = `${PERSON} [role="group"][aria-label="Edit lead"]`;
const OUTREACH = `${PERSON} [role="group"][aria-label="Outreach"]`;
const NOTE = 'Telegram’d, follow up Friday';

/** The local calendar day `days` from now, as a date field holds it. */
function localDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Opens Ada's X profile (fixture) and the sidebar page pinned to its tab; returns it once her card shows. */
async function adaOnX(ff: FirefoxSession, control: Page): Promise<Page> {
  await ff.openSite(`https://x.com/${A.founder.twitterHandle}`, { x: { [A.founder.twitterHandle]: A.founder.name } });
  const tabId = await tabIdReporting(
    control,
    (p) => p.site === 'x' && p.handle?.toLowerCase() === A.founder.twitterHandle.toLowerCase(),
    `@${A.founder.twitterHandle}`,
  );
  const sidebar = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
  await findByText(sidebar, `${PERSON} h2`, A.founder.name);
  return sidebar;
}

/** The form control inside `scope` whose label reads `label` (what a screen reader announces). */
async function labelled(page: Page, scope: string, label: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await page.waitForFunction(
    (s: string, l: string) => {
      for (const el of Array.from(document.querySelectorAll<HTMLInputElement>(`${s} input, ${s} select, ${s} textarea`)))
        if (Array.from(el.labels ?? []).some((x) => x.textContent?.trim() === l)) return el;
      return null;
    },
    { timeout: 15_000 },
    scope,
    label,
  );
  return handle.asElement() as ElementHandle<HTMLInputElement>;
}

const valueOf = (el: ElementHandle<HTMLInputElement>) => el.evaluate((e) => e.value);

/** Ada's lead as the leads database holds it (plain IndexedDB from an extension page), or null. */
function storedLead(page: Page, personId: string): Promise<{ status: string; followUpOn: string | null; notes: string[] } | null> {
  return page.evaluate(
    (name: string, id: string) =>
      new Promise<{ status: string; followUpOn: string | null; notes: string[] } | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('leads').objectStore('leads').get(id);
          get.onerror = () => (db.close(), reject(get.error ?? new Error('read failed')));
          get.onsuccess = () => {
            db.close();
            const lead = get.result as { status: string; followUpOn: string | null; notes: { text: string }[] } | undefined;
            resolve(lead ? { status: lead.status, followUpOn: lead.followUpOn, notes: lead.notes.map((n) => n.text) } : null);
          };
        };
      }),
    INDEXED_DATABASES.leads.name,
    personId,
  );
}

/** What the browser's clipboard holds as plain text, read in the parent process (headless Firefox keeps its own). */
const clipboardText = (ff: FirefoxSession) =>
  ff.chromeEval<string | null>(`(() => {
    const t = Cc['@mozilla.org/widget/transferable;1'].createInstance(Ci.nsITransferable);
    t.init(null);
    t.addDataFlavor('text/plain');
    Services.clipboard.getData(t, Ci.nsIClipboard.kGlobalClipboard, null);
    const out = {};
    try { t.getTransferData('text/plain', out); } catch { return null; }
    return out.value?.QueryInterface(Ci.nsISupportsString).data ?? null;
  })()`);

interface RawBidi {
  send(method: string, params: object): Promise<{ result: unknown }>;
  on(event: string, handler: (params: never) => void): void;
}

/**
 * Every tab's requests to https://t.me, answered with a stub page (Telegram is not reachable from here, and
 * nothing may leave the machine). A browser-wide BiDi intercept: puppeteer's request interception is per
 * page, and the tab the link opens does not exist before the click. Returns the addresses navigated to, with
 * the browsing context (tab) that asked.
 */
async function answerTelegram(ff: FirefoxSession): Promise<Array<{ url: string; context: string }>> {
  const bidi = (ff.browser as unknown as { connection: RawBidi }).connection;
  const { result } = await bidi.send('network.addIntercept', {
    phases: ['beforeRequestSent'],
    urlPatterns: [{ type: 'pattern', protocol: 'https', hostname: 't.me' }],
  });
  const intercept = (result as { intercept: string }).intercept;
  const asked: Array<{ url: string; context: string }> = [];
  bidi.on(
    'network.beforeRequestSent',
    (event: {
      isBlocked: boolean;
      intercepts?: string[];
      context: string;
      navigation: string | null;
      request: { request: string; url: string };
    }) => {
      if (!event.isBlocked || !event.intercepts?.includes(intercept)) return;
      // The tab's address is what counts; the stub page's favicon gets an empty answer.
      if (event.navigation) asked.push({ url: event.request.url, context: event.context });
      void bidi
        .send('network.provideResponse', {
          request: event.request.request,
          ...(event.navigation
            ? {
                statusCode: 200,
                reasonPhrase: 'OK',
                headers: [{ name: 'Content-Type', value: { type: 'string', value: 'text/html; charset=utf-8' } }],
                body: { type: 'string', value: '<!doctype html><title>Telegram</title><p>stub</p>' },
              }
            : { statusCode: 204, reasonPhrase: 'No Content' }),
        })
        .catch(() => undefined);
    },
  );
  return asked;
}

/** The top-level browsing contexts (tabs): id → address. */
async function tabs(ff: FirefoxSession): Promise<Map<string, string>> {
  const bidi = (ff.browser as unknown as { connection: RawBidi }).connection;
  const { result } = await bidi.send('browsingContext.getTree', { maxDepth: 0 });
  return new Map((result as { contexts: Array<{ context: string; url: string }> }).contexts.map((c) => [c.context, c.url]));
}

firefoxTest(
  'from the card: save, Contacted, in 3 days and a note in 3 clicks and the typing, no tab, no call; the database and the Leads page show them',
  async ({ ff, server, ledger, charged }) => {
    const control = await configure(ff, server.baseUrl, KEY);
    const sidebar = await adaOnX(ff, control);
    const calls = ledger(KEY).length;
    const tabCount = (await ff.browser.pages()).length;
    await sidebar.evaluate(() => {
      const w = window as unknown as { clicks: number };
      w.clicks = 0;
      document.addEventListener('click', () => (w.clicks += 1), true);
    });

    await (await findByText(sidebar, `${PERSON} button`, /^Save lead$/)).click();
    const status = await labelled(sidebar, EDITOR, 'Status');
    // The save opens the fields with focus on Status, the next thing set.
    await waitFor(() => status.evaluate((s) => s === document.activeElement), 'Status to have focus');
    await status.select('contacted');
    await findByText(sidebar, `${PERSON} button`, /^Saved · Contacted$/);
    await (await findByText(sidebar, `${EDITOR} button`, /^In 3 days$/)).click();
    const note = await labelled(sidebar, EDITOR, 'Note');
    await note.type(NOTE);
    await (await findByText(sidebar, `${EDITOR} button`, /^Add note$/)).click();
    await findByText(sidebar, PERSON, 'Note added.');
    await findByText(sidebar, `${PERSON} button`, /^Saved · Contacted · follow up/);
    assert.equal(await valueOf(await labelled(sidebar, EDITOR, 'Follow up on')), localDay(3));
    assert.equal(await valueOf(note), '', 'the note box empties once the note is added');

    // Save, In 3 days, Add note (the select is one interaction, not a click).
    assert.equal(await sidebar.evaluate(() => (window as unknown as { clicks: number }).clicks), 3);
    assert.equal((await ff.browser.pages()).length, tabCount, 'no tab opened');
    // Anything sent late is in the ledger once the worker is idle.
    await workerIdle(sidebar);
    assert.equal(ledger(KEY).length, calls, 'no API call after the card appeared');
    assert.equal(charged(KEY), 5, "the card's lookup only");

    assert.deepEqual(await storedLead(sidebar, A.founder.id), { status: 'contacted', followUpOn: localDay(3), notes: [NOTE] });

    const leads = await ff.openExtensionPage('/leads.html');
    const name = await findByText(leads, `table[aria-label="Leads"] tbody tr button[data-open-lead="${A.founder.id}"]`, A.founder.name);
    await findByText(leads, 'table[aria-label="Leads"] tbody tr .lead-status', 'Contacted');
    await name.click();
    const lead = 'section[aria-label="Lead"]';
    assert.equal(await valueOf(await labelled(leads, lead, 'Status')), 'contacted');
    assert.equal(await valueOf(await labelled(leads, lead, 'Follow up on')), localDay(3));
    await findByText(leads, `${lead} ol[aria-label="Notes"]`, NOTE);
    assert.equal(ledger(KEY).length, calls);
  },
);

firefoxTest(
  'after a confirmed reveal, "Message on Telegram" opens t.me with the draft in a new tab, copies it, and records the touch on a new lead, for nothing',
  async ({ ff, server, ledger, charged }) => {
    const asked = await answerTelegram(ff);
    const control = await configure(ff, server.baseUrl, KEY);
    const sidebar = await adaOnX(ff, control);
    await (await findByText(sidebar, `${PERSON} button`, 'Reveal contact')).click();
    await (await findByText(sidebar, '[role="dialog"] button', /^Reveal for/)).click();
    const link = await findByText(sidebar, `${OUTREACH} a`, /^Message on Telegram$/);
    await findByText(sidebar, `${PERSON} button`, /^Save lead$/); // not a lead yet
    assert.equal(await storedLead(sidebar, A.founder.id), null);
    const paid = charged(KEY);
    assert.equal(paid, 15, 'the lookup and the reveal');
    const calls = ledger(KEY).length;

    const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
    const drafted = new URL(href);
    assert.equal(drafted.origin + drafted.pathname, 'https://t.me/adaquant');
    const message = drafted.searchParams.get('text') ?? '';
    assert.match(message, /^Hi Ada, .*QuantLayer/);

    const before = await tabs(ff);
    await link.click();
    const opened = await waitFor(() => Promise.resolve(asked[0]), 'a request to t.me');
    assert.equal(opened.url, href, 't.me asked for the drafted address');
    assert.ok(!before.has(opened.context), 'from a new tab, not the sidebar page');
    // The new tab shows the (stub) Telegram page at that address.
    await waitFor(async () => (await tabs(ff)).get(opened.context) === href, 'the new tab to be at the t.me address');
    // Firefox's real sidebar stays in view beside the new tab; this sidebar page is a tab of its own, which
    // Firefox throttles once in the background: bring it back (the click has been handled already).
    await sidebar.bringToFront();
    await findByText(sidebar, `${OUTREACH} [aria-live="polite"]`, 'Message copied — paste it if Telegram did not fill it in.');
    // Headless Firefox keeps a clipboard of its own: the parent process reads what the click copied.
    assert.equal(await clipboardText(ff), message);

    // Recorded: saved (0 credits), Contacted, a follow-up 3 days out, the note; Undo offered.
    const toggle = await findByText(sidebar, `${PERSON} button`, /^Saved · Contacted · follow up/);
    await findByText(sidebar, `${PERSON} button`, /^Undo$/);
    assert.deepEqual(await storedLead(sidebar, A.founder.id), {
      status: 'contacted',
      followUpOn: localDay(3),
      notes: ['Messaged on Telegram'],
    });
    await toggle.click();
    assert.equal(await valueOf(await labelled(sidebar, EDITOR, 'Follow up on')), localDay(3));
    await findByText(sidebar, EDITOR, 'Messaged on Telegram');

    // Email is a mailto: with the address, subject and body URL-encoded.
    const mailto = await (await findByText(sidebar, `${OUTREACH} a`, /^Email$/)).evaluate((a) => a.getAttribute('href') ?? '');
    assert.match(mailto, /^mailto:ada@quantlayer\.xyz\?subject=[^& ]+&body=[^& ]+$/);
    assert.match(decodeURIComponent(/body=([^&]+)/.exec(mailto)![1]!), /^Hi Ada,/);

    // Do not contact: neither action, and why.
    await (await labelled(sidebar, EDITOR, 'Status')).select('do-not-contact');
    await findByText(sidebar, PERSON, 'Marked “Do not contact”: no message from here.');
    assert.equal(
      await sidebar.$$eval(`${PERSON} a`, (as) => as.filter((a) => /^(Message on Telegram|Email)$/.test(a.textContent ?? '')).length),
      0,
    );

    await workerIdle(sidebar);
    assert.equal(ledger(KEY).length, calls, 'no API call after the reveal');
    assert.equal(charged(KEY), paid);
    assert.equal(asked.length, 1, 't.me opened once');
  },
);

// The side panel, opened as a page pinned to a tab, and read the way a screen reader (and the e2e
// tests) would: by role and accessible name, per the contract in /work/shared/design.md.

import type { BrowserContext, Locator, Page } from '@playwright/test';

export const CARD_REGIONS = ['Person', 'Company', 'Fund', 'Service'] as const;
export type CardRegion = (typeof CARD_REGIONS)[number];

export interface RegionReading {
  name: CardRegion;
  /** The card's title (its level-2 heading): the person's or organisation's name. */
  heading: string | null;
  /** "Email: on file", "Telegram: @marcushale", … (Person only). */
  channels: string[];
  /** The card's facts list: "Trust tier: A (rank 3)", "Portfolio: 12 companies", … */
  facts: string[];
  /** Buttons on the card, by accessible name ("Reveal contact…", "Load full profile · 5 credits"). */
  buttons: string[];
  /** Rows of the card's tables (e.g. the portfolio), not counting the header row. */
  tableRows: number;
}

export interface PanelReading {
  regions: RegionReading[];
  /** Level-2 headings outside the cards, e.g. "Not in the directory". */
  stateHeadings: string[];
  notInDirectory: boolean;
  /** Text of every `alert` (the NOT REAL DATA notice, reveal failures). */
  alerts: string[];
  /** The credit meter's accessible name ("Balance 5,995 credits · spent today 5 of 150 · pro"). */
  meter: string | null;
  /** An open dialog: its name and buttons. */
  dialog: { name: string; buttons: string[] } | null;
}

const clean = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** Opens `sidepanel.html?tabId=N` in a tab sized like the browser's side panel. */
export async function openPanel(context: BrowserContext, extensionId: string, tabId: number): Promise<Page> {
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 400, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

export function meterLocator(panel: Page): Locator {
  return panel.getByRole('status', { name: /^(Balance|No API key|Out of credits)/ });
}

async function names(locators: Locator[], read: (l: Locator) => Promise<string | null>): Promise<string[]> {
  const out: string[] = [];
  for (const l of locators) {
    const v = clean(await read(l));
    if (v) out.push(v);
  }
  return out;
}

async function readRegion(region: Locator, name: CardRegion): Promise<RegionReading> {
  const heading = region.getByRole('heading', { level: 2 }).first();
  const items = await region.getByRole('list', { name: 'Contact channels' }).getByRole('listitem').all();
  const channels: string[] = [];
  for (const item of items) {
    // Before a reveal the list is one line of chips ("✓ Email" + a hidden "on file"): no label cell.
    if ((await item.locator('.channels__label').count()) === 0) {
      const chip = /^[✓✕?]\s*(\S+)\s+(.+)$/.exec(clean(await item.textContent()));
      channels.push(chip ? `${chip[1]}: ${chip[2]}` : clean(await item.textContent()));
      continue;
    }
    const label = clean(
      await item
        .locator('.channels__label')
        .first()
        .textContent()
        .catch(() => null),
    );
    const whole = clean(await item.innerText());
    const rest = label && whole.startsWith(label) ? clean(whole.slice(label.length)) : whole;
    channels.push(label ? `${label}: ${rest.replace(/\bCopy\b.*$/, '').trim()}` : whole);
  }
  const terms = await region.getByRole('term').all();
  const facts: string[] = [];
  for (const term of terms) {
    const t = clean(await term.innerText());
    const d = clean(
      await term
        .locator('xpath=following-sibling::dd[1]')
        .innerText()
        .catch(() => ''),
    );
    if (t) facts.push(d ? `${t}: ${d}` : t);
  }
  return {
    name,
    heading: (await heading.count()) > 0 ? clean(await heading.innerText()) : null,
    channels,
    facts,
    buttons: await names(
      await region.getByRole('button').all(),
      async (b) => (await b.getAttribute('aria-label')) ?? (await b.innerText()),
    ),
    tableRows: Math.max(0, (await region.getByRole('row').count()) - (await region.getByRole('table').count())),
  };
}

/** What the panel shows right now, by role. */
export async function readPanel(panel: Page): Promise<PanelReading> {
  const regions: RegionReading[] = [];
  for (const name of CARD_REGIONS) {
    for (const region of await panel.getByRole('region', { name, exact: true }).all()) regions.push(await readRegion(region, name));
  }
  const stateHeadings = await names(await panel.locator('.state').getByRole('heading', { level: 2 }).all(), (h) => h.innerText());
  const alerts = await names(await panel.getByRole('alert').all(), (a) => a.innerText());
  const meter = meterLocator(panel);
  const dialogs = await panel.getByRole('dialog').all();
  let dialog: PanelReading['dialog'] = null;
  if (dialogs[0]) {
    const d = dialogs[0];
    const label =
      (await d.getAttribute('aria-label')) ??
      (await d
        .getByRole('heading')
        .first()
        .innerText()
        .catch(() => ''));
    dialog = { name: clean(label), buttons: await names(await d.getByRole('button').all(), (b) => b.innerText()) };
  }
  return {
    regions,
    stateHeadings,
    notInDirectory: (await panel.getByText('Not in the directory').count()) > 0,
    alerts,
    meter: (await meter.count()) > 0 ? clean(await meter.first().getAttribute('aria-label')) : null,
    dialog,
  };
}

/** One line per card, for the console and summary.md. */
export function describeReading(r: PanelReading): string[] {
  const lines = r.regions.map((g) => {
    const parts = [`${g.name}: ${g.heading ?? '(no title)'}`];
    if (g.channels.length) parts.push(`channels [${g.channels.join('; ')}]`);
    if (g.facts.length) parts.push(g.facts.join('; '));
    if (g.tableRows) parts.push(`${g.tableRows} table rows`);
    const actions = g.buttons.filter((b) => /^(Reveal|Load)/.test(b));
    if (actions.length) parts.push(`buttons: ${actions.join(', ')}`);
    return parts.join(' — ');
  });
  for (const h of r.stateHeadings) if (!r.regions.length) lines.push(h);
  for (const a of r.alerts) lines.push(`alert: ${a}`);
  if (r.dialog) lines.push(`dialog "${r.dialog.name}": ${r.dialog.buttons.join(' / ')}`);
  if (r.meter) lines.push(`meter: ${r.meter}`);
  return lines;
}

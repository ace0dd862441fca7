import { batchPriceRoseText, interruptedRowText, PEOPLE_NEED_KEY, NO_PEOPLE_ON_PAGE } from '@/lib/messages/texts';
import { isLinkedInListPage, isXListPage } from '@/lib/profile/list-pages';
import type { PagePerson } from '@/lib/profile/types';
import { pagePeopleItem } from '@/lib/tab-state/items';
import { STORAGE_FAMILIES } from '@/lib/storage/keys';
import { notKnown, pageRowKey, raiseFits, type PagePeopleState, type PageRow } from '@/lib/tab-state/page-people';
import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import type { LookUpPeopleOutcome } from '@/lib/messaging/protocol';
import { knownAnswer, priceRose, quoteProblem, rowSearch, searchesToPay, searchRow, type RowLookupDeps } from './row-lookup';
import type { LedgerEntry } from '@/lib/credits/ledger';
import type { CoreOf } from './worker-core';

type PeopleOnPageDeps = RowLookupDeps & CoreOf<'meter'>;

/**
 * "People on this page" (issue 26): the rows a list page's content script reported while a panel watched
 * the tab, each with what this account already knows for free (the knowledge index: an X handle exactly; a
 * LinkedIn or Sales Navigator row on name *and* company, never name alone), and the rep's "Look up N · M
 * credits": checked against today's budget as a whole before anything is sent, then one search per row
 * through the one paid path (a cached answer costs nothing).
 */
export class PeopleOnPage {
  private readonly queues = new Map<number, Promise<unknown>>();
  /** Bumped when every tab's rows are cleared (`dropRows`): rows or answers begun before are not written after. */
  private generation = 0;

  constructor(private readonly deps: PeopleOnPageDeps) {}

  /** One writer per tab: a report and a lookup's answers must not overwrite each other. */
  private serial<T>(tabId: number, action: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(tabId) ?? Promise.resolve()).then(action, action);
    this.queues.set(
      tabId,
      run.catch(() => undefined),
    );
    return run;
  }

  private patch(tabId: number, generation: number, change: (rows: PageRow[]) => PageRow[]): Promise<void> {
    return this.serial(tabId, async () => {
      const state = await pagePeopleItem(tabId).getValue();
      if (state && generation === this.generation) await pagePeopleItem(tabId).setValue({ ...state, rows: change(state.rows) });
    });
  }

  private async knownRow(site: 'x' | 'linkedin', person: PagePerson): Promise<PageRow> {
    const key = pageRowKey(site, person);
    const accountId = this.deps.session.accountId;
    const hit = accountId ? await knownAnswer(this.deps, accountId, rowSearch(site, person, key)) : null;
    return hit ? { key, person, ...hit.answer } : { key, person, status: 'not-looked-up' };
  }

  /** A content script's rows (at most 50, validated): kept for the panel with what is known of each. */
  async onPeople(tabId: number, url: string, people: PagePerson[]): Promise<void> {
    const site = isXListPage(url) ? 'x' : isLinkedInListPage(url) ? 'linkedin' : null;
    // Off a list page the panel shows no region; a list page whose rows are not recognised says "No people found".
    if (!site) return void (await this.serial(tabId, () => pagePeopleItem(tabId).removeValue()));
    const generation = this.generation;
    const rows = await Promise.all(people.map((person) => this.knownRow(site, person)));
    await this.serial(tabId, async () => {
      if (generation !== this.generation) return; // what the last account knew: the tab is asked to report again
      const before = await pagePeopleItem(tabId).getValue();
      // The same page re-read (new rows as the rep scrolls, a panel back after a restart): rows already
      // looked up keep their answer, rows with something to say (a stop, a price rise) keep saying it.
      const kept = new Map(before?.url === url ? before.rows.map((r) => [r.key, r]) : []);
      const next: PagePeopleState = {
        tabId,
        url,
        site,
        rows: rows.map((row) => {
          const prev = kept.get(row.key);
          return row.status === 'not-looked-up' && prev && (prev.status !== 'not-looked-up' || prev.message)
            ? { ...prev, person: row.person }
            : row;
        }),
      };
      await pagePeopleItem(tabId).setValue(next);
    });
  }

  /**
   * "Look up N · M credits": the chosen rows nobody knows yet. Answers the cache already holds are free;
   * the rest are one quote (lib/credits/quote.ts: each at the search price, the last also its hold) that
   * must fit today's budget and stay within `quoted`, the price the button showed, or none is sent. Then
   * one search at a time through the paid path, each row filled in as its answer arrives; should the
   * price rise meanwhile, the rest are not sent (the rep is asked again at the new price). `raise`: "+50
   * today and look up", today's budget raised first (as the paused card's "+50 today" does), only when
   * the budget alone refuses and the raise makes room.
   */
  async lookUp(tabId: number, keys: readonly string[], quoted?: number, raise?: boolean): Promise<LookUpPeopleOutcome> {
    const { session, credits } = this.deps;
    const generation = this.generation;
    const state = await pagePeopleItem(tabId).getValue();
    const accountId = session.accountId;
    if (!accountId || !session.hasKey) return { ok: false, message: PEOPLE_NEED_KEY };
    if (!state) return { ok: false, message: NO_PEOPLE_ON_PAGE };
    const wanted = new Set(keys);
    const targets = state.rows.filter((r) => wanted.has(r.key) && notKnown(r));
    const calls = targets.map((row) => ({ row, search: rowSearch(state.site, row.person, row.key) }));
    const paying = await searchesToPay(
      this.deps.cache,
      accountId,
      calls.map((c) => c.search),
    );
    let q = await credits.quote({ endpoint: 'search', count: paying });
    if (raise && paying > 0 && raiseFits(q)) {
      await credits.raiseToday(TODAY_RAISE);
      await this.deps.meter.refresh();
      q = await credits.quote({ endpoint: 'search', count: paying });
    }
    const problem = paying > 0 && quoteProblem(q, quoted, 'Not looked up');
    if (problem) return { ok: false, message: problem };
    const unit = q.price / q.count;
    const looking = new Set(calls.map((c) => c.row.key));
    await this.patch(tabId, generation, (rows) =>
      rows.map((r) => (looking.has(r.key) ? { ...r, status: 'looking-up', message: undefined } : r)),
    );
    let stopped: string | null = null;
    for (const [i, { row, search }] of calls.entries()) {
      const settle = (update: Partial<PageRow>) =>
        this.patch(tabId, generation, (rows) => rows.map((r) => (r.key === row.key ? { ...r, ...update } : r)));
      // The price rose after a call of this batch (a charge above the price marks the prices stale): the
      // rest wait for the rep's word at the new price.
      const rose = search.call && stopped === null ? priceRose(credits, unit) : null;
      if (rose) stopped = batchPriceRoseText(calls.length - i, unit, rose.to);
      if (stopped !== null || !search.call) {
        await settle({ status: 'not-looked-up', ...(stopped ? { message: stopped } : {}) });
        continue;
      }
      const out = await searchRow(this.deps, accountId, { ...search, call: search.call }, unit, {
        tabId,
        knownHow: { how: 'looked-up', site: state.site },
      });
      if (out.kind === 'stop') {
        // Refused by the paid path after all (another spend came first) or dropped: nothing more is sent.
        stopped = `Not looked up: ${out.message}`;
        await settle({ status: 'not-looked-up', message: stopped });
      } else await settle(out.kind === 'failed' ? { status: 'failed', message: out.message } : out.answer);
    }
    return stopped ? { ok: false, message: stopped } : { ok: true, looked: calls.length };
  }

  /**
   * Every tab's rows are being cleared (`clearOn` of `pagePeople`, lib/storage/keys.ts: another account, or
   * none; lib/storage/clear-runner.ts removes them): they said what the last account knew and paid for.
   * Writes under way finish first, and none begun before is written after.
   */
  async dropRows(): Promise<void> {
    this.generation++;
    await Promise.all(this.queues.values());
  }

  /**
   * At start: a stopped worker left the rows it was looking up "Looking up…" with nothing in flight. Each
   * comes back with its answer if the cache holds one, else selectable again, saying what the journal
   * booked for it at start (`lost`: a call on the wire "may have been charged"; none: nothing was sent).
   */
  async settleInterrupted(lost: readonly LedgerEntry[]): Promise<void> {
    const generation = this.generation;
    for (const tabId of tabsOfPeopleKeys(Object.keys(await browser.storage.session.get(null)))) {
      const state = await pagePeopleItem(tabId).getValue();
      const stuck = state?.rows.filter((r) => r.status === 'looking-up') ?? [];
      if (!state || stuck.length === 0) continue;
      const settled = new Map<string, PageRow>();
      for (const row of stuck) {
        const fresh = await this.knownRow(state.site, row.person);
        const key = rowSearch(state.site, row.person, row.key).profile.key;
        const booked = lost.find((e) => e.tabId === tabId && e.profileKey === key);
        settled.set(
          row.key,
          fresh.status === 'not-looked-up' ? { ...fresh, message: interruptedRowText(booked?.creditsCharged ?? null) } : fresh,
        );
      }
      await this.patch(tabId, generation, (rows) => rows.map((r) => (r.status === 'looking-up' ? (settled.get(r.key) ?? r) : r)));
    }
  }

  /** The tab closed: its rows go with it. */
  forget(tabId: number): Promise<void> {
    return this.serial(tabId, () => pagePeopleItem(tabId).removeValue());
  }
}

/** The tabs whose rows these raw storage.session keys held (what the clear runner removed). */
export function tabsOfPeopleKeys(keys: readonly string[]): number[] {
  const { prefix } = STORAGE_FAMILIES.pagePeople;
  return keys
    .filter((key) => key.startsWith(prefix))
    .map((key) => Number(key.slice(prefix.length)))
    .filter(Number.isInteger);
}

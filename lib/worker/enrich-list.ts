import { CONTACT_CHANNELS } from '@/lib/api/contact-channels';
import { quote } from '@/lib/credits/quote';
import type { EnrichRow, EnrichRun, ListQuote, ListRow, ListRowOutcome } from '@/lib/enrich/enrich-run';
import { blocksContact, type Lead } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { RevealStore } from '@/lib/credits/reveals';
import type { EnrichOutcome } from '@/lib/messaging/protocol';
import {
  interruptedRowText,
  LIST_BEYOND_FIT,
  LIST_BUSY,
  LIST_CANCELLED,
  LIST_NO_SUCH_CANDIDATE,
  LIST_NOT_INTERRUPTED,
  listPriceRoseText,
  PEOPLE_NEED_KEY,
  quoteRefusalText,
} from '@/lib/messages/texts';
import { parseLinkedInUrl } from '@/lib/profile/parse-linkedin-url';
import { linkedInPersonKey, xProfileKey } from '@/lib/profile/profile-key';
import { enrichRunKey, type ClearAccounts } from '@/lib/storage/keys';
import { lookupsThatFit, type PageRowRecord } from '@/lib/tab-state/page-people';
import {
  knownAnswer,
  priceRose,
  quoteProblem,
  rowSearch,
  searchesToPay,
  searchRow,
  type RowAnswer,
  type RowLookupDeps,
  type RowSearch,
} from './row-lookup';
import type { CoreOf } from './worker-core';

type EnrichListDeps = RowLookupDeps & CoreOf<'meter' | 'rate' | 'local' | 'reveals'> & { leads: LeadStore };

/** How often a run looks again whether another lookup still waits for the rate allowance. */
const YIELD_MS = 50;

/** A row as the row matchers take it: an X row by its handle, any other by its name and company (a LinkedIn address alone searches nothing). */
const searchOf = (row: ListRow): RowSearch =>
  rowSearch(
    row.xHandle ? 'x' : 'linkedin',
    { name: row.name ?? '', ...(row.xHandle ? { handle: row.xHandle } : {}), ...(row.company ? { company: row.company } : {}) },
    row.key,
  );

/** What an answer makes of a row: `from`, an answer already paid for before (0 credits); else this run's, at `credits`. */
function outcomeOf(answer: RowAnswer, credits: number, from?: 'known' | 'cache'): ListRowOutcome {
  if (answer.status === 'known')
    return from ? { status: 'known', record: answer.record, from } : { status: 'matched', record: answer.record, credits };
  if (answer.status === 'ambiguous') return { status: 'candidates', candidates: answer.candidates, credits };
  return { status: 'not-found', credits };
}

const leadRecord = (lead: Lead): PageRowRecord => ({
  kind: 'person',
  id: lead.personId,
  name: lead.name,
  title: lead.title,
  company: lead.company?.name ?? null,
  channels: Object.fromEntries(CONTACT_CHANNELS.map(({ id, flag }) => [flag, lead.onFile[id] ?? null])) as PageRowRecord['channels'],
});

const personKey = (url: string | null | undefined) => {
  const page = url ? parseLinkedInUrl(url) : null;
  return page?.kind === 'person' ? page.key : null;
};

/**
 * Saved leads by the profile keys a list row can name (their X handle, the LinkedIn profile they were saved
 * from or revealed) and by id; and the people this account revealed, by the LinkedIn profile a reveal gave
 * (the API keeps `linkedinUrl` private, so only a reveal or a lead can tell whose address a row holds).
 */
async function leadsBy(leads: LeadStore, reveals: RevealStore, accountId: string) {
  const byKey = new Map<string, Lead>();
  const byId = new Map<string, Lead>();
  const revealed = new Map<string, PageRowRecord>();
  for (const r of await reveals.reveals(accountId)) {
    const key = personKey(r.channels.linkedinUrl);
    if (key) revealed.set(key, { kind: 'person', id: r.personId, name: r.name, title: r.title ?? null, company: r.company ?? null });
  }
  for (const lead of await leads.all()) {
    byId.set(lead.personId, lead);
    for (const key of [lead.xHandle && xProfileKey(lead.xHandle), personKey(lead.savedFrom), personKey(lead.linkedinUrl)])
      if (key) byKey.set(key, lead);
  }
  return { byKey, byId, revealed };
}

/**
 * "Enrich a list" (issue 43), the worker's side: the exact quote of a list (what the knowledge index,
 * the response cache and the saved leads already know costs 0; every other question one search), and
 * its run, kept in the records database: one search at a time through the one paid path, the run
 * written after each row, so a page reads its progress and a worker stop loses nothing. A row already
 * answered (by the cache, the index, or an earlier row asking the same) is never paid for again.
 */
export class EnrichList {
  private run: EnrichRun | null = null;
  private driving: Promise<void> | null = null;
  private writes: Promise<unknown> = Promise.resolve();
  /** Bumped when the family is cleared (`forget`): nothing begun before is written after. */
  private generation = 0;

  constructor(private readonly d: EnrichListDeps) {}

  /** The account's run (kept in memory once read). */
  async current(accountId = this.d.session.accountId): Promise<EnrichRun | null> {
    if (!accountId) return null;
    if (this.run?.accountId !== accountId) this.run = (await this.d.local.get<EnrichRun>(enrichRunKey(accountId))) ?? null;
    return this.run;
  }

  /** Change the run `id` (if it is still the one kept) and write it. */
  private async update(id: string, change: (run: EnrichRun) => EnrichRun): Promise<void> {
    if (this.run?.id !== id) return;
    const run = (this.run = change(this.run));
    const generation = this.generation;
    this.writes = this.writes
      .then(() => (generation === this.generation ? this.d.local.set(enrichRunKey(run.accountId), run) : undefined))
      .catch(() => undefined);
    await this.writes;
  }

  private setRow(id: string, key: string, outcome: ListRowOutcome): Promise<void> {
    return this.update(id, (run) => ({ ...run, rows: run.rows.map((r) => (r.key === key ? { ...r, outcome } : r)) }));
  }

  /** The rows not sent yet are not sent at all (`message` says why); the run ends as `state`. */
  private end(id: string, state: 'done' | 'cancelled', message?: string): Promise<void> {
    const left = (o: ListRowOutcome): ListRowOutcome => (message && o.status === 'to-look-up' ? { status: 'not-sent', message } : o);
    return this.update(id, (run) => ({ ...run, state, rows: run.rows.map((r) => ({ ...r, outcome: left(r.outcome) })) }));
  }

  /** What a row is for free: a saved lead (or one marked "Do not contact"), the knowledge index, an answer already paid for; null: a lookup. */
  private async freeOutcome(accountId: string, row: ListRow, leads: Awaited<ReturnType<typeof leadsBy>>): Promise<ListRowOutcome | null> {
    const slug = row.linkedinSlug ? linkedInPersonKey(row.linkedinSlug) : '';
    const lead = (row.xHandle && leads.byKey.get(xProfileKey(row.xHandle))) || leads.byKey.get(slug);
    const revealed = leads.revealed.get(slug);
    const search = searchOf(row);
    const hit = lead || revealed || !search.call ? null : await knownAnswer(this.d, accountId, search);
    const known = hit?.answer.status === 'known' ? hit.answer.record : revealed;
    const saved = lead || (known && leads.byId.get(known.id));
    if (saved && blocksContact(saved)) return { status: 'do-not-contact', personId: saved.personId };
    if (lead) return { status: 'known', record: leadRecord(lead), from: 'lead' };
    if (revealed) return { status: 'known', record: revealed, from: 'known' };
    // The API keeps LinkedIn addresses private: a row with nothing else cannot be searched for.
    if (!search.call) return { status: 'needs-name' };
    return hit ? outcomeOf(hit.answer, 0, hit.from) : null;
  }

  /** The `quoteList` message: every row with what it will be, and the price of the rest, checked whole. Nothing is sent. */
  async quote(rows: readonly ListRow[]): Promise<ListQuote> {
    const { session, credits } = this.d;
    const accountId = session.accountId;
    const toLookUp = (row: ListRow): EnrichRow => ({ ...row, outcome: { status: 'to-look-up' } });
    if (!accountId || !session.hasKey)
      return { rows: rows.map(toLookUp), lookups: 0, credits: 0, refusal: PEOPLE_NEED_KEY, fits: 0, raiseBy: null };
    const leads = await leadsBy(this.d.leads, this.d.reveals, accountId);
    const priced = await Promise.all(
      rows.map(async (row): Promise<EnrichRow> => ({
        ...row,
        outcome: (await this.freeOutcome(accountId, row, leads)) ?? { status: 'to-look-up' },
      })),
    );
    const asked = priced.filter((r) => r.outcome.status === 'to-look-up').map(searchOf);
    const lookups = await searchesToPay(this.d.cache, accountId, asked);
    if (lookups === 0) return { rows: priced, lookups, credits: 0, refusal: null, fits: 0, raiseBy: null };
    const q = await credits.quote({ endpoint: 'search', count: lookups });
    // How many fit: the same quote for fewer lookups, over the same prices, budget and balance.
    const { prices } = await credits.status();
    const basis = { prices, remainingToday: q.remainingToday, balance: q.balance, sampleWhenShort: false };
    return {
      rows: priced,
      lookups,
      credits: q.price,
      refusal: q.refusal ? quoteRefusalText(q) : null,
      fits: q.refusal ? lookupsThatFit(lookups, (n) => quote(basis, { endpoint: 'search', count: n })) : lookups,
      // Today's budget alone refuses: raised by what the list holds beyond it, it fits (a raise does not help the balance).
      raiseBy: q.refusal === 'budget' ? q.hold - q.remainingToday : null,
    };
  }

  /**
   * The `enrichList` message: quoted again, and refused before anything is sent when it does not fit or
   * costs more than `quoted` (the price the rep clicked). `fit`: only the lookups that fit; `raise`:
   * today's budget raised first by what the list needs. Then the run goes on here, without the page.
   */
  async start(name: string, rows: readonly ListRow[], quoted: number, fit = false, raise = false): Promise<EnrichOutcome> {
    const { session, credits } = this.d;
    const accountId = session.accountId;
    if (!accountId || !session.hasKey) return { ok: false, message: PEOPLE_NEED_KEY };
    const before = await this.current(accountId);
    if (before?.state === 'running' || before?.state === 'interrupted') return { ok: false, message: LIST_BUSY };
    let priced = await this.quote(rows);
    if (raise && !fit && priced.raiseBy !== null) {
      await credits.raiseToday(priced.raiseBy);
      await this.d.meter.refresh();
      priced = await this.quote(rows);
    }
    const count = fit ? priced.fits : priced.lookups;
    let price = 0;
    if (priced.lookups > 0) {
      if (count === 0) return { ok: false, message: `Not sent: ${priced.refusal}` };
      const q = await credits.quote({ endpoint: 'search', count });
      const problem = quoteProblem(q, quoted, 'Not sent');
      if (problem) return { ok: false, message: problem };
      price = q.price;
    }
    // "Enrich the N that fit": the first N questions; a later row asking one of them is answered by it.
    const asked = new Set<string>();
    const run: EnrichRun = {
      id: crypto.randomUUID(),
      accountId,
      name,
      startedAt: this.d.now(),
      quoted: { lookups: count, credits: price },
      state: 'running',
      rows: priced.rows.map((row) => {
        const key = row.outcome.status === 'to-look-up' ? (searchOf(row).call?.cacheKey ?? null) : null;
        if (key === null || asked.has(key)) return row;
        if (asked.size >= count) return { ...row, outcome: { status: 'not-sent', message: LIST_BEYOND_FIT } };
        asked.add(key);
        return row;
      }),
    };
    this.run = run;
    await this.update(run.id, (r) => r);
    void this.drive();
    return { ok: true };
  }

  /**
   * One search at a time until no row of the kept run is left to look up (or it is cancelled, or stops).
   * One loop at most: a new run started while the last one's call is still on the wire is taken up by it.
   */
  private drive(): Promise<void> {
    this.driving ??= (async () => {
      try {
        for (let run = this.run; run?.state === 'running'; run = this.run) {
          const row = run.rows.find((r) => r.outcome.status === 'to-look-up');
          if (!row) return await this.end(run.id, 'done');
          await this.step(run, row);
        }
      } finally {
        this.driving = null;
      }
    })();
    return this.driving;
  }

  private async step(run: EnrichRun, row: EnrichRow): Promise<void> {
    const { accountId, id } = run;
    const search = searchOf(row);
    // Known meanwhile (an earlier row asked the same, the panel looked them up): 0 credits.
    const free = await knownAnswer(this.d, accountId, search);
    if (free || !search.call) return this.setRow(id, row.key, free ? outcomeOf(free.answer, 0, free.from) : { status: 'needs-name' });
    const unit = run.quoted.credits / Math.max(1, run.quoted.lookups);
    const rose = priceRose(this.d.credits, unit);
    if (rose) return this.end(id, 'done', listPriceRoseText(unit, rose.to));
    // A lookup the rep opens meanwhile (the panel's, often automatic, which the rate governor ranks below
    // a click) is served first: the run queues its next call only when nothing else waits for the allowance.
    while (this.d.rate.stats().queued > 0) await new Promise((r) => setTimeout(r, YIELD_MS));
    if (this.run?.id !== id || this.run.state !== 'running') return; // cancelled meanwhile
    await this.setRow(id, row.key, { status: 'looking-up' });
    const out = await searchRow(this.d, accountId, { ...search, call: search.call }, unit, {
      knownHow: { how: 'search', q: search.q ?? '' },
      // The row's identity in the journal: what a stop left on the wire is found by it at the next start.
      profileKey: row.key,
    });
    if (out.kind === 'stop') {
      await this.setRow(id, row.key, { status: 'to-look-up' });
      return this.end(id, 'done', `Not sent: ${out.message}`);
    }
    await this.setRow(
      id,
      row.key,
      out.kind === 'failed' ? { status: 'failed', message: out.message, credits: out.credits } : outcomeOf(out.answer, out.credits),
    );
  }

  /** `cancelEnrich`: the rows not sent yet are not sent ("Cancelled"); a call on the wire still answers its row. */
  async cancel(): Promise<EnrichOutcome> {
    const run = await this.current();
    if (run?.state === 'running' || run?.state === 'interrupted') await this.end(run.id, 'cancelled', LIST_CANCELLED);
    return { ok: true };
  }

  /** `resumeEnrich`: an `interrupted` run (a browser restart) goes on. */
  async resume(): Promise<EnrichOutcome> {
    const run = await this.current();
    if (run?.state !== 'interrupted') return { ok: false, message: LIST_NOT_INTERRUPTED };
    await this.update(run.id, (r) => ({ ...r, state: 'running' }));
    void this.drive();
    return { ok: true };
  }

  /** `pickListCandidate`: one of a row's candidates is its person (0 credits: the row's lookup was its price). */
  async pick(key: string, personId: string): Promise<EnrichOutcome> {
    const run = await this.current();
    const outcome = run?.rows.find((r) => r.key === key)?.outcome;
    const record = outcome?.status === 'candidates' ? outcome.candidates.find((c) => c.id === personId) : undefined;
    if (!run || !record || outcome?.status !== 'candidates') return { ok: false, message: LIST_NO_SUCH_CANDIDATE };
    await this.setRow(run.id, key, { status: 'matched', record, credits: outcome.credits });
    return { ok: true };
  }

  /**
   * At the worker's start: a run left `running` (or cancelled with a call on the wire) settles the rows a stop cut off (an answer the cache kept;
   * else what the ledger booked for it, "may have been charged", never sent again; else not sent, so
   * looked up now). After a worker stop it goes on by itself; after a browser restart it waits for "Resume".
   */
  async settleInterrupted(browserStart: boolean): Promise<void> {
    const run = await this.current();
    // A cancelled run's call on the wire still answers its row: a stop cut it off just the same.
    const cancelled = run?.state === 'cancelled';
    if (!run || (run.state !== 'running' && !cancelled)) return;
    const booked = (await this.d.credits.ledger.entries({ accountId: run.accountId })).filter(
      (e) => e.tabId === undefined && e.at >= run.startedAt,
    );
    for (const row of run.rows.filter((r) => r.outcome.status === 'looking-up')) {
      const spent = booked.filter((e) => e.profileKey === row.key).reduce((sum, e) => sum + e.creditsCharged, 0);
      const free = await knownAnswer(this.d, run.accountId, searchOf(row));
      await this.setRow(
        run.id,
        row.key,
        free
          ? outcomeOf(free.answer, spent, spent > 0 ? undefined : free.from)
          : spent > 0
            ? { status: 'failed', message: interruptedRowText(spent, ''), credits: spent }
            : cancelled
              ? { status: 'not-sent', message: LIST_CANCELLED }
              : { status: 'to-look-up' },
      );
    }
    if (cancelled) return;
    if (browserStart) await this.update(run.id, (r) => ({ ...r, state: 'interrupted' }));
    else void this.drive();
  }

  /** The family is being cleared (lib/storage/clear-runner.ts removes the keys): the run stops, and nothing begun before is written after. */
  async forget(accounts: ClearAccounts): Promise<void> {
    if (this.run && (accounts === 'all' || accounts.includes(this.run.accountId))) {
      this.generation++;
      this.run = null;
    }
    await this.writes;
  }
}

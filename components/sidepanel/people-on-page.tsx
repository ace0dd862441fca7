/*
 * PeopleOnPage — "People on this page" (issue 26): a list page's rows (followers, a people search, a
 * company's People tab, a Sales Navigator list), each with what is already known for free, or "not looked
 * up". The rep selects rows; "Look up N · M credits" pays for the unknown ones only, at the governor's quote
 * (lib/credits/quote.ts over the meter): one the budget or balance cannot hold says why before the click,
 * and the worker pays no more than the label said; "Save as leads" saves the selected known people.
 * Rows not looked up show what the page shows of them (headline, company); known rows the record's title,
 * company and channels on file. Every name and line read from a page or the directory is its own `<bdi>`,
 * bidi controls removed (SafeText): a hostile name cannot reverse the row. Over budget, the refusal
 * offers "+50 today and look up" and "Look up the N that fit", each at the same quote's price.
 */
import { Fragment, useEffect, useMemo, useState } from 'react';
import { statusLabel, type LeadStatus } from '@/lib/leads/lead';
import { lookupsThatFit, notKnown, pagePeopleStatus, raiseFits, type PagePeopleState, type PageRow } from '@/lib/tab-state/page-people';
import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import { safeText } from '@/lib/text/safe-text';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { SafeText } from '@/components/shared/safe-text';
import { useSendOnce } from '@/components/shared/send-once';
import { TagChoice, useTag } from '@/components/shared/tag-choice';
import type { TagChoices } from '@/lib/leads/lead-store';
import { meterQuote } from '@/lib/tab-state/meter-prices';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { creditsLabel, quoteRefusalText } from '@/lib/messages/texts';
import type { Quote } from '@/lib/credits/quote';
import { lifecycleText } from './trust-signals';

export interface PeopleOnPageProps {
  state: PagePeopleState;
  /** The meter: the quote of the rows chosen is read from it. */
  meter: CreditMeter | null;
  /** Lead statuses of the known people listed. */
  saved: ReadonlyMap<string, LeadStatus>;
  /** Look these rows up for at most `quoted` credits (`raise`: today's budget +50 first); resolves with the worker's refusal message, if any. */
  onLookUp: (keys: string[], quoted: number, raise?: true) => Promise<string | null>;
  /** Save these people as leads with this tag, '' for none (free: their records are paid for). */
  onSave: (personIds: string[], tag: string) => Promise<unknown>;
  /** What the "Tag" beside "Save as leads" offers. */
  tagChoices?: TagChoices;
}

/** Page or directory words, each isolated, joined by " · " ("Partner · Meridian Ventures"), then " — " when any. */
function Words({ parts }: { parts: ReadonlyArray<string | null | undefined> }) {
  const shown = parts.filter((p) => safeText(p) !== '');
  return shown.map((p, i) => (
    <Fragment key={i}>
      {i > 0 && ' · '}
      <SafeText text={p} />
      {i === shown.length - 1 && ' — '}
    </Fragment>
  ));
}

/** Where a row's lookup stands when the worker gave no message of its own. */
const WHERE: Partial<Record<PageRow['status'], string>> = { 'not-found': 'Not in the directory', failed: 'The lookup failed' };

/** What a row says after its name: what is known of it, or what the page shows and where its lookup stands. */
function RowDetail({ row, saved }: { row: PageRow; saved: ReadonlyMap<string, LeadStatus> }) {
  const { status, record: r, person } = row;
  if (status === 'known') {
    const lead = r?.kind === 'person' ? saved.get(r.id) : undefined;
    const lifecycle = lifecycleText(r?.lifecycle);
    return (
      <>
        <Words parts={[r?.title, r?.company]} />
        {lifecycle && <strong>Company {lifecycle} · </strong>}
        Known · 0 credits{lead && ` — Saved · ${statusLabel(lead)}`}
      </>
    );
  }
  if (status === 'ambiguous') {
    const candidates = row.candidates ?? [];
    // Never a guess: the candidates are named, the rep picks on the person's own profile.
    return (
      <>
        {candidates.length === 1 ? 'Check: ' : 'Several people fit: '}
        {candidates.map((c, i) => (
          <Fragment key={c.id}>
            {i > 0 && '; '}
            <SafeText text={c.name} />
            {safeText(c.company) && (
              <>
                , <SafeText text={c.company} />
              </>
            )}
          </Fragment>
        ))}
        . Open their profile to pick.
      </>
    );
  }
  // What the page itself shows of them (free), the company when the headline does not already say it.
  const about = [person.headline, person.headline?.includes(person.company ?? '') ? null : person.company];
  const where = status === 'looking-up' ? 'Looking up…' : (row.message ?? WHERE[status] ?? 'not looked up');
  return (
    <>
      <Words parts={about} />
      {where}
    </>
  );
}

interface RefusalProps {
  text: string;
  meter: CreditMeter | null;
  quote: Quote;
  keys: string[];
  sending: boolean;
  run: (keys: string[], quoted: number, raise?: true) => void;
}

/** Why the rows chosen cannot be looked up, and the ways on at the same quote: +50 today, or the first rows it holds. */
function Refusal({ text, meter, quote, keys, sending, run }: RefusalProps) {
  const fit = lookupsThatFit(keys.length, (n) => meterQuote(meter, { endpoint: 'search', count: n }));
  const fitPrice = meterQuote(meter, { endpoint: 'search', count: fit }).price;
  const offers = [
    raiseFits(quote) && {
      label: `+${TODAY_RAISE} today and look up · ${creditsLabel(quote.price)}`,
      go: () => run(keys, quote.price, true),
    },
    fit > 0 && {
      label: `Look up the ${fit === 1 ? '1 that fits' : `${fit} that fit`} · ${creditsLabel(fitPrice)}`,
      go: () => run(keys.slice(0, fit), fitPrice),
    },
  ];
  return (
    <>
      <p className="notice notice--warn" id="people-on-page-refusal" role="note">
        Not looked up: {text}
      </p>
      <div className="people-on-page__actions">
        {offers.map(
          (o) =>
            o && (
              <button key={o.label} type="button" className="btn btn--small" aria-disabled={sending || undefined} onClick={o.go}>
                {o.label}
              </button>
            ),
        )}
      </div>
    </>
  );
}

export function PeopleOnPage({ state, meter, saved, onLookUp, onSave, tagChoices }: PeopleOnPageProps) {
  const [tag, setTag] = useTag(tagChoices);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const lookUp = useSendOnce();
  const save = useSendOnce();
  const { rows } = state;

  // Another page: its own selection.
  useEffect(() => {
    setSelected(new Set());
    setMessage(null);
  }, [state.url]);

  const chosen = useMemo(() => rows.filter((r) => selected.has(r.key)), [rows, selected]);
  const toLookUp = chosen.filter(notKnown);
  const keysToLookUp = toLookUp.map((r) => r.key);
  // With a tag, people already saved are saved again to get it.
  const toSave = chosen.filter((r) => r.status === 'known' && r.record?.kind === 'person' && (tag.trim() || !saved.has(r.record.id)));
  const idsToSave = toSave.map((r) => r.record!.id);
  const quote = meterQuote(meter, { endpoint: 'search', count: toLookUp.length });
  const refusal = toLookUp.length > 0 && quote.refusal !== null ? quoteRefusalText(quote) : null;
  const run = (keys: string[], quoted: number, raise?: true) =>
    lookUp.send(async () => {
      setMessage(null);
      setMessage(await onLookUp(keys, quoted, raise));
    });

  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <section className="card people-on-page" aria-label="People on this page">
      <h2 className="card__title">People on this page</h2>
      {rows.length === 0 ? (
        <p>No people found on this page</p>
      ) : (
        <>
          <p role="status">{pagePeopleStatus(rows)}</p>
          <ul className="people-on-page__rows" aria-label="People">
            {/* Each row: its checkbox named after the person, the handle, what is known or shown, the channels on file. */}
            {rows.map((row) => (
              <li key={row.key} className="people-on-page__row">
                <label>
                  <input type="checkbox" checked={selected.has(row.key)} onChange={() => toggle(row.key)} />{' '}
                  <SafeText text={row.person.name} />
                </label>{' '}
                {row.person.handle && (
                  <span className="muted">
                    @<SafeText text={row.person.handle} />{' '}
                  </span>
                )}
                <span className="muted">
                  <RowDetail row={row} saved={saved} />
                </span>
                {row.status === 'known' && row.record?.channels && (
                  <ChannelFlags person={row.record.channels} label={`Channels on file for ${safeText(row.person.name)}`} />
                )}
              </li>
            ))}
          </ul>
          <div className="people-on-page__actions">
            <button type="button" className="btn btn--small" onClick={() => setSelected(new Set(rows.filter(notKnown).map((r) => r.key)))}>
              Select all not known
            </button>
            <button
              type="button"
              className="btn btn--small btn--primary"
              disabled={toLookUp.length === 0 || refusal !== null}
              aria-disabled={lookUp.sending || undefined}
              aria-describedby={refusal ? 'people-on-page-refusal' : undefined}
              onClick={() => run(keysToLookUp, quote.price)}
            >
              Look up {toLookUp.length} · {creditsLabel(toLookUp.length === 0 ? 0 : quote.price)}
            </button>
            <TagChoice value={tag} tags={tagChoices?.tags ?? []} onChange={setTag} />
            <button
              type="button"
              className="btn btn--small"
              disabled={toSave.length === 0}
              aria-disabled={save.sending || undefined}
              onClick={() => save.send(() => onSave(idsToSave, tag))}
            >
              Save as leads
            </button>
          </div>
        </>
      )}
      {refusal && <Refusal text={refusal} meter={meter} quote={quote} keys={keysToLookUp} sending={lookUp.sending} run={run} />}
      <p className="notice" aria-live="polite">
        {message}
      </p>
    </section>
  );
}

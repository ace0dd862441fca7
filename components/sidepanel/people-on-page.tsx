/*
 * PeopleOnPage — "People on this page" (issue 26): a list page's rows (followers, a people search, a
 * company's People tab, a Sales Navigator list), each with what is already known for free, or "not looked
 * up". The rep selects rows; "Look up N · M credits" pays for the unknown ones only, at the governor's quote
 * (lib/credits/quote.ts over the meter): one the budget or balance cannot hold says why before the click,
 * and the worker pays no more than the label said; "Save as leads" saves the selected known people.
 * Row text is the page's own text, rendered as text.
 */
import { useEffect, useMemo, useState } from 'react';
import { statusLabel, type LeadStatus } from '@/lib/leads/lead';
import { notKnown, pagePeopleStatus, type PagePeopleState, type PageRow } from '@/lib/tab-state/page-people';
import { useSendOnce } from '@/components/shared/send-once';
import { TagChoice, useTag } from '@/components/shared/tag-choice';
import type { TagChoices } from '@/lib/leads/lead-store';
import { meterQuote } from '@/lib/tab-state/meter-prices';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { creditsLabel, quoteRefusalText } from '@/lib/messages/texts';

export interface PeopleOnPageProps {
  state: PagePeopleState;
  /** The meter: the quote of the rows chosen is read from it. */
  meter: CreditMeter | null;
  /** Lead statuses of the known people listed. */
  saved: ReadonlyMap<string, LeadStatus>;
  /** Look these rows up for at most `quoted` credits; resolves with the worker's refusal message, if any. */
  onLookUp: (keys: string[], quoted: number) => Promise<string | null>;
  /** Save these people as leads with this tag, '' for none (free: their records are paid for). */
  onSave: (personIds: string[], tag: string) => Promise<unknown>;
  /** What the "Tag" beside "Save as leads" offers. */
  tagChoices?: TagChoices;
}

function rowText(row: PageRow, saved: ReadonlyMap<string, LeadStatus>): string {
  switch (row.status) {
    case 'known': {
      const r = row.record;
      const about = r ? [r.title, r.company].filter(Boolean).join(' · ') : '';
      const status = r?.kind === 'person' ? saved.get(r.id) : undefined;
      return [about, 'Known · 0 credits', status ? `Saved · ${statusLabel(status)}` : ''].filter(Boolean).join(' — ');
    }
    case 'looking-up':
      return 'Looking up…';
    case 'not-found':
      return 'Not in the directory';
    case 'ambiguous':
      // Never a guess: the candidates are named, the rep picks on the person's own profile.
      return `Several people fit: ${(row.candidates ?? []).map((c) => [c.name, c.company].filter(Boolean).join(', ')).join('; ')}. Open their profile to pick.`;
    case 'failed':
      return row.message ?? 'The lookup failed';
    default:
      return row.message ?? 'not looked up';
  }
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
            {rows.map((row) => (
              <li key={row.key} className="people-on-page__row">
                <label>
                  <input type="checkbox" checked={selected.has(row.key)} onChange={() => toggle(row.key)} /> {row.person.name}
                </label>{' '}
                {row.person.handle && <span className="muted">@{row.person.handle} </span>}
                <span className="muted">{rowText(row, saved)}</span>
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
              onClick={() =>
                lookUp.send(async () => {
                  setMessage(null);
                  setMessage(await onLookUp(keysToLookUp, quote.price));
                })
              }
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
      {refusal && (
        <p className="notice notice--warn" id="people-on-page-refusal" role="note">
          Not looked up: {refusal}
        </p>
      )}
      <p className="notice" aria-live="polite">
        {message}
      </p>
    </section>
  );
}

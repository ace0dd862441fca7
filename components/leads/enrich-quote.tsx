/*
 * The exact price of a list before anything is sent (the worker's quote, at the account's prices): what
 * is known for free, what needs a name, who is skipped as "Do not contact", and what is looked up. One
 * click pays: the three priced buttons share one send-once, so a double click (or a click on another of
 * them before the answer) sends one message. Over today's budget or the balance the quote says why and
 * offers "Raise today's budget by N for this list" and "Enrich the N that fit · M credits".
 */
import { useId } from 'react';
import { useSendOnce } from '@/components/shared/send-once';
import type { ListQuote } from '@/lib/enrich/enrich-run';
import { creditsLabel } from '@/lib/messages/texts';
import { formatCredits } from '@/components/shared/format';
import { quoteCounts } from './enrich-text';

/** The whole list, only the lookups that fit (`fit`), or the whole list with today's budget raised for it (`raise`). */
export type EnrichChoice = { fit?: true; raise?: true };

export interface EnrichQuoteProps {
  quote: ListQuote;
  /** Start the run at the price on the button clicked (`quoted`); settles with the worker's answer (its refusal shows in `message`). */
  onEnrich: (choice: EnrichChoice, quoted: number) => Promise<unknown>;
  /** The worker's refusal of the click, if any. */
  message?: string | null;
}

export function EnrichQuote({ quote, onEnrich, message }: EnrichQuoteProps) {
  const id = useId();
  const once = useSendOnce(quote);
  const c = quoteCounts(quote.rows);
  // Each lookup is one search at the account's price: the quote's own price per lookup.
  const fitCredits = quote.lookups > 0 ? Math.round((quote.credits * quote.fits) / quote.lookups) : 0;
  const go = (choice: EnrichChoice, quoted: number) => () => once.send(() => onEnrich(choice, quoted));
  const busy = once.sending || undefined;
  return (
    <div className="enrich-quote" role="group" aria-label="Price">
      <ul className="enrich-quote__lines">
        <li>{formatCredits(c.known)} known · 0 credits</li>
        {c.needsName > 0 && <li>{formatCredits(c.needsName)} with only a LinkedIn address: need a name · 0 credits</li>}
        {c.doNotContact > 0 && <li>{formatCredits(c.doNotContact)} marked “Do not contact”: skipped, nothing sent</li>}
        <li>
          {formatCredits(quote.lookups)} to look up · {creditsLabel(quote.credits)}
        </li>
      </ul>
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={quote.refusal !== null}
          aria-disabled={busy}
          aria-describedby={quote.refusal ? `${id}-refusal` : undefined}
          onClick={go({}, quote.credits)}
        >
          {quote.lookups > 0 ? `Enrich ${formatCredits(quote.lookups)}` : 'Enrich the list'} · {creditsLabel(quote.credits)}
        </button>
      </div>
      {quote.refusal && (
        <>
          <p className="notice notice--warn" id={`${id}-refusal`} role="note">
            Not sent: {quote.refusal}
          </p>
          <div className="actions">
            {quote.raiseBy !== null && (
              <button
                type="button"
                className="btn"
                aria-disabled={busy}
                aria-describedby={`${id}-raise`}
                onClick={go({ raise: true }, quote.credits)}
              >
                Raise today’s budget by {formatCredits(quote.raiseBy)} for this list
              </button>
            )}
            {quote.raiseBy !== null && (
              <span id={`${id}-raise`} className="muted small">
                for today only, then enriches all {formatCredits(quote.lookups)} · {creditsLabel(quote.credits)}
              </span>
            )}
            {quote.fits > 0 && (
              <button type="button" className="btn" aria-disabled={busy} onClick={go({ fit: true }, fitCredits)}>
                Enrich the {quote.fits === 1 ? '1 that fits' : `${formatCredits(quote.fits)} that fit`} · {creditsLabel(fitCredits)}
              </button>
            )}
          </div>
        </>
      )}
      <p className="notice" aria-live="polite">
        {message}
      </p>
    </div>
  );
}

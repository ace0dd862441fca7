/*
 * CreditMeterBar — the always-visible account meter (balance, today's spend against the daily budget,
 * tier), as a `status` whose accessible name is the whole summary, e.g.
 * "Balance 5,990 credits · spent today 10 of 150 · pro".
 *
 * A balance read over a few minutes ago carries its time until the worker's fresh read arrives:
 * "6,000 credits · as of 4:24 PM" (and the day when not today).
 *
 * Warnings: "API key refused" (instead of the balance) after a 401, "Out of credits" when the worker halted on a 402, "Low balance" under
 * `lowBalanceWarning`, "Sample mode" when a free key is below a call's price.
 */
import { balanceFresh, type CreditMeter } from '@/lib/tab-state/tab-state';
import { formatCredits } from './format';
import { KEY_REFUSED_LABEL, OUT_OF_CREDITS_LABEL, creditsLabel } from '@/lib/messages/texts';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A balance read a while ago: its time, " · as of 4:24 PM" (" · as of Nov 27, 4:24 PM" another day); '' while fresh or undated. */
export function asOfLabel(at: number | null | undefined, now = Date.now()): string {
  if (!at || balanceFresh(at, now)) return '';
  const today = new Date(at).toDateString() === new Date(now).toDateString();
  return ` · as of ${(today ? time : dayTime).format(at)}`;
}

/** "6,000 credits"; read a while ago, with its time: "6,000 credits · as of 4:24 PM". */
export const balanceLabel = (balance: number, at: number | null | undefined, now = Date.now()): string =>
  creditsLabel(balance) + asOfLabel(at, now);

/** The meter's accessible name and the text the e2e tests read. */
export function creditMeterSummary(meter: CreditMeter | null): string {
  if (meter === null) return 'Balance loading…';
  if (!meter.hasKey) return 'No API key · add one in settings';
  // A refused key's last balance is not a working account: say refused, not "3,000 credits".
  if (meter.keyRejected) return `${KEY_REFUSED_LABEL} · save a working key in settings`;
  const parts: string[] = [];
  if (meter.halted402) parts.push(OUT_OF_CREDITS_LABEL);
  parts.push(meter.balance === null ? 'Balance unknown' : `Balance ${balanceLabel(meter.balance, meter.balanceAt)}`);
  parts.push(`spent today ${formatCredits(meter.spentToday)} of ${formatCredits(meter.dailyBudget)}`);
  if (meter.tier) parts.push(meter.tier);
  if (isLow(meter) && !meter.halted402) parts.push(`low balance (under ${formatCredits(meter.lowBalanceWarning)})`);
  if (meter.sampleMode) parts.push('sample mode');
  return parts.join(' · ');
}

function isLow(meter: CreditMeter): boolean {
  return meter.balance !== null && meter.balance < meter.lowBalanceWarning;
}

/** `meter`: null while it is being read. */
export function CreditMeterBar({ meter }: { meter: CreditMeter | null }) {
  const low = meter !== null && isLow(meter) && !meter.halted402;
  const tone = !meter?.hasKey ? 'muted' : meter.halted402 || meter.keyRejected ? 'danger' : low || meter.sampleMode ? 'warn' : 'ok';
  const spentRatio = meter && meter.dailyBudget > 0 ? Math.min(1, meter.spentToday / meter.dailyBudget) : 0;
  return (
    <div role="status" aria-label={creditMeterSummary(meter)} className={`credit-meter credit-meter--${tone}`}>
      {meter === null ? (
        <span className="credit-meter__balance skeleton-text">Balance loading…</span>
      ) : !meter.hasKey ? (
        <span className="credit-meter__balance">No API key</span>
      ) : meter.keyRejected ? (
        <div className="credit-meter__row">
          <strong className="credit-meter__flag">{KEY_REFUSED_LABEL}</strong>
          <span>Save a working key in settings</span>
        </div>
      ) : (
        <>
          <div className="credit-meter__row">
            {meter.halted402 && <strong className="credit-meter__flag">{OUT_OF_CREDITS_LABEL}</strong>}
            <span className="credit-meter__balance">
              {meter.balance === null ? 'Balance unknown' : balanceLabel(meter.balance, meter.balanceAt)}
            </span>
            {meter.tier && <span className="chip">{meter.tier}</span>}
            {/* One word here: the sample alert on the card says what it means, once. */}
            {meter.sampleMode && <span className="chip">sample mode</span>}
          </div>
          <div className="credit-meter__row credit-meter__budget">
            <span>
              Today {formatCredits(meter.spentToday)} / {formatCredits(meter.dailyBudget)}
            </span>
            <span className="credit-meter__bar" aria-hidden="true">
              <span style={{ width: `${Math.round(spentRatio * 100)}%` }} />
            </span>
          </div>
          {low && <div className="credit-meter__warning">Low balance: under {creditsLabel(meter.lowBalanceWarning)}</div>}
        </>
      )}
    </div>
  );
}

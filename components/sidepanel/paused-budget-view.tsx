/*
 * PausedBudgetView — status `paused-budget`: this profile's lookup would cross today's budget. Names
 * the profile, and offers the two ways on in one click each: "Look up anyway" (this one lookup past the
 * budget; the button names its price, so no second confirmation) and "+50 today and look up" (today's
 * budget raised for today only, then this lookup). It says what is left, the price, and — when sending
 * needs more free than the price (a lost answer can be charged twice) — what is set aside. Each button
 * sends once, then waits for the worker's answer. The daily budget itself lives in the options.
 */
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { BUDGET_PAUSED_LABEL, refusalText, creditsLabel } from '@/lib/messages/texts';
import { hasProfileLabel, ProfileLabel } from './profile-label';
import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import { StateMessage } from './state-message';

export interface PausedBudgetViewProps {
  profile: DetectedProfile | null;
  hints: PageHints;
  /** What the lookup would cost (the account's price). */
  estimate: number;
  /** What must be free to send it: the price plus a possible browser resend. Absent: `estimate`. */
  hold?: number;
  remainingToday: number;
  /** Today's budget, with any raise made today (the meter above shows it; the pause names only what is left). */
  dailyBudget: number;
  /** One lookup of this profile past the budget (`lookUp({ tabId, override: true })`); absent: no button. */
  onLookUpAnyway?: SendAction;
  /** Raise today's budget by 50 and look this profile up (`raiseBudgetToday({ tabId })`); absent: no button. */
  onRaiseToday?: SendAction;
  onOpenSettings: () => void;
}

export function PausedBudgetView({
  profile,
  hints,
  estimate,
  hold,
  remainingToday,
  onLookUpAnyway,
  onRaiseToday,
  onOpenSettings,
}: PausedBudgetViewProps) {
  return (
    <StateMessage title={BUDGET_PAUSED_LABEL} tone="warn">
      <p>
        Paused before looking up {hasProfileLabel(profile, hints) ? <ProfileLabel profile={profile} hints={hints} /> : 'this profile'}.{' '}
        {refusalText('budget', { remainingToday, price: estimate, hold: hold ?? estimate })}
      </p>
      <div className="actions">
        {onLookUpAnyway && (
          <SendButton className="btn btn--primary" onSend={onLookUpAnyway}>
            Look up anyway · {creditsLabel(estimate)}
          </SendButton>
        )}
        {onRaiseToday && (
          <SendButton className="btn" onSend={onRaiseToday}>
            +{TODAY_RAISE} today and look up · {creditsLabel(estimate)}
          </SendButton>
        )}
      </div>
      <p className="muted">
        “Look up anyway” spends on this profile only; “+{TODAY_RAISE} today” raises today’s budget until midnight, then the daily budget
        applies again.{' '}
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Change the daily budget
        </button>
      </p>
    </StateMessage>
  );
}

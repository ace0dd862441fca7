/*
 * PausedBudgetView — status `paused-budget`: today's budget would be crossed. Shows what is left and
 * offers "Look up anyway · N credits", which asks first (a confirm dialog) and only then calls
 * `onLookUpAnyway` (the wiring sends `lookUp({ tabId, override: true })`).
 *
 * Props:
 *   estimate         number — what the lookup would cost
 *   remainingToday   number
 *   dailyBudget      number
 *   onLookUpAnyway?  () => void — absent: no button
 *   onOpenSettings   () => void
 */
import { useState } from 'react';
import { creditsLabel, formatCredits } from '../shared/format';
import { ConfirmSpendDialog } from './confirm-spend-dialog';
import { StateMessage } from './state-message';

export interface PausedBudgetViewProps {
  estimate: number;
  remainingToday: number;
  dailyBudget: number;
  onLookUpAnyway?: () => void;
  onOpenSettings: () => void;
}

export function PausedBudgetView({ estimate, remainingToday, dailyBudget, onLookUpAnyway, onOpenSettings }: PausedBudgetViewProps) {
  const [asking, setAsking] = useState(false);
  return (
    <StateMessage title="Paused: daily budget reached" tone="warn">
      <p>
        <strong>{creditsLabel(Math.max(0, remainingToday))}</strong> left of today’s {formatCredits(dailyBudget)}-credit budget; this lookup costs{' '}
        {creditsLabel(estimate)}.
      </p>
      <div className="actions">
        {onLookUpAnyway && (
          <button type="button" className="btn btn--primary" onClick={() => setAsking(true)}>
            Look up anyway · {creditsLabel(estimate)}
          </button>
        )}
        <button type="button" className="btn" onClick={onOpenSettings}>
          Change budget
        </button>
      </div>
      {asking && onLookUpAnyway && (
        <ConfirmSpendDialog
          title="Confirm lookup"
          confirmLabel={`Look up for ${creditsLabel(estimate)}`}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onLookUpAnyway();
          }}
        >
          <p>
            This spends {creditsLabel(estimate)} beyond today’s budget ({creditsLabel(Math.max(0, remainingToday))} left of {formatCredits(dailyBudget)}). Only this
            lookup goes ahead; the budget stays in force.
          </p>
        </ConfirmSpendDialog>
      )}
    </StateMessage>
  );
}

import type { PlanBudget } from '@/lib/credits/plan-budget';
import { formatCredits } from '@/components/shared/format';

export interface PlanBudgetNoteProps {
  plan: PlanBudget;
  /** The budget the user set (null: the plan's is used). */
  setting: number | null;
  /** Today's budget as the meter enforces it (the setting or the plan's, plus today's raise); null while the meter loads. */
  today: number | null;
}

const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * How the plan's default budget is reached (the arithmetic, and that the tier → plan reading is an
 * assumption), and today's budget as the meter has it, so this page and the meter say one number.
 */
export function PlanBudgetNote({ plan, setting, today }: PlanBudgetNoteProps) {
  const base = setting ?? plan.daily;
  const raised = today === null ? 0 : today - base;
  return (
    <div className="help plan-budget">
      {plan.source === 'plan' ? (
        <p>
          Plan default: {formatCredits(plan.daily)} a day ({plan.plan}: {formatCredits(plan.monthlyCredits)} credits a month ÷{' '}
          {plan.workingDays} working days = {decimal.format(plan.monthlyCredits / plan.workingDays)}, rounded down to a multiple of 5). The
          API reports the tier “{plan.tier}”, not a plan name: reading it as {plan.plan} is an assumption.
        </p>
      ) : (
        <p>
          Plan default: {formatCredits(plan.daily)} a day
          {plan.tier ? ` (the “${plan.tier}” tier has no monthly credit allowance to divide)` : ' (until the account is read)'}.
        </p>
      )}
      {today !== null && (
        <p data-testid="budget-today">
          Today’s budget: {formatCredits(today)} credits
          {raised > 0 ? ` (${formatCredits(base)} + ${formatCredits(raised)} added for today)` : ''}.
        </p>
      )}
    </div>
  );
}

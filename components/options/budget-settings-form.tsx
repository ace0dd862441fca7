import { creditsLabel } from '@/lib/messages/texts';
import { AUTO_LOOKUP_LABELS, AUTO_LOOKUP_MODES, type AutoLookupMode, type Settings } from '@/lib/settings';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { formatCredits } from '@/components/shared/format';
import { Options } from '@/components/shared/options';
import type { PlanBudget } from '@/lib/credits/plan-budget';
import { NumberSetting } from './number-setting';
import type { SettingsPatch } from './settings-fields';

export interface BudgetSettingsFormProps {
  settings: Settings;
  /** A validated change, to save at once (the background applies it without a reload). */
  onChange: (patch: SettingsPatch) => void;
  /** e.g. "Saved." after the last change was stored. */
  status?: string | null;
  /** The account's prices (the meter's): what a lookup (a search) and a detail (a person read) cost. */
  prices: Pick<Prices, 'search' | 'person'>;
  /** The plan's default budget (from the meter's tier). */
  plan: PlanBudget;
  /** Today's budget as the meter enforces it (with any "+50 today"); null while it loads. */
  todayBudget: number | null;
}

/** Budget and automation settings; every change is saved as soon as it is valid and committed. */
export function BudgetSettingsForm({ settings, onChange, status, prices, plan, todayBudget }: BudgetSettingsFormProps) {
  return (
    <section aria-labelledby="budget-heading" className="card">
      <h2 id="budget-heading">Budget and automation</h2>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <NumberSetting
          setting="dailyBudget"
          value={settings.dailyBudget}
          placeholder={`${formatCredits(plan.daily)} (plan default)`}
          onCommit={(value) => onChange({ dailyBudget: value })}
        >
          <PlanBudgetNote plan={plan} setting={settings.dailyBudget} today={todayBudget} />
        </NumberSetting>
        <div className="field">
          <label htmlFor="auto-lookup">Look up profiles automatically</label>
          <select
            id="auto-lookup"
            value={settings.autoLookup}
            onChange={(e) => onChange({ autoLookup: e.target.value as AutoLookupMode })}
            aria-describedby="auto-lookup-help"
          >
            <Options of={AUTO_LOOKUP_MODES.map((id) => ({ id, label: AUTO_LOOKUP_LABELS[id] }))} />
          </select>
          <p id="auto-lookup-help" className="help">
            One search ({creditsLabel(prices.search)}) per new X or LinkedIn profile, within the daily budget. “While the side panel is
            open”: profiles you only glance at with the panel closed cost nothing.
          </p>
        </div>
        <div className="field checkbox">
          <input
            id="auto-details"
            type="checkbox"
            checked={settings.autoDetails}
            onChange={(e) => onChange({ autoDetails: e.target.checked })}
            aria-describedby="auto-details-help"
          />
          <label htmlFor="auto-details">Load details automatically</label>
          <p id="auto-details-help" className="help">
            Coworkers, team and fund portfolio, {creditsLabel(prices.person)} each, as soon as a profile is matched. Off: load them from the
            side panel when wanted.
          </p>
        </div>
        {(['lowBalanceWarning', 'cacheTtlHours', 'notFoundTtlHours'] as const).map((key) => (
          <NumberSetting key={key} setting={key} value={settings[key]} onCommit={(value) => onChange({ [key]: value })} />
        ))}
      </form>
      <p role="status" className="save-status">
        {status ?? ''}
      </p>
    </section>
  );
}

const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * How the plan's default budget is reached (the arithmetic, and that the tier → plan reading is an
 * assumption), and today's budget as the meter has it (the budget set, null: the plan's, plus today's
 * raise), so this page and the meter say one number.
 */
function PlanBudgetNote({ plan, setting, today }: { plan: PlanBudget; setting: number | null; today: number | null }) {
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

import { useState } from 'react';
import { creditsLabel } from '@/lib/messages/texts';
import { AUTO_LOOKUP_LABELS, AUTO_LOOKUP_MODES, type AutoLookupMode, type Settings } from '@/lib/settings/settings';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { planBudget, type PlanBudget } from '@/lib/credits/plan-budget';
import { formatClock, formatCredits } from '@/components/shared/format';
import { Options } from '@/components/shared/options';
import { NumberSetting, type SettingsPatch } from './number-setting';

export interface SettingsSectionProps {
  /** undefined while the first read is pending. */
  settings: Settings | undefined;
  /** Stores a change; resolves false when it could not be saved. */
  onChange: (patch: SettingsPatch) => Promise<boolean>;
  /** The account's prices (the meter's): what a lookup (a search) and a detail (a person read) cost, said in the help. */
  prices: Pick<Prices, 'search' | 'person'>;
  /** The meter: its tier gives the plan's default budget, its budget today's (with any raise). */
  meter: Pick<CreditMeter, 'tier' | 'dailyBudget'> | null;
}

/**
 * Budget and automation settings; every change is saved (the background applies it without a reload) as
 * soon as it is valid and committed, with a line saying whether the last one was.
 */
export function SettingsSection({ settings, onChange, prices, meter }: SettingsSectionProps) {
  const [status, setStatus] = useState<string | null>(null);
  if (!settings) return <p role="status">Loading settings…</p>;
  const plan = planBudget(meter?.tier);
  const change = (patch: SettingsPatch) =>
    void onChange(patch).then((saved) =>
      setStatus(saved ? `Saved at ${formatClock(Date.now())}.` : 'Could not save the setting. Try again.'),
    );
  return (
    <section aria-labelledby="budget-heading" className="card">
      <h2 id="budget-heading">Budget and automation</h2>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <NumberSetting
          setting="dailyBudget"
          value={settings.dailyBudget}
          placeholder={`${formatCredits(plan.daily)} (plan default)`}
          onCommit={(value) => change({ dailyBudget: value })}
        >
          <PlanBudgetNote plan={plan} setting={settings.dailyBudget} today={meter?.dailyBudget ?? null} />
        </NumberSetting>
        <div className="field">
          <label htmlFor="auto-lookup">Look up profiles automatically</label>
          <select
            id="auto-lookup"
            value={settings.autoLookup}
            onChange={(e) => change({ autoLookup: e.target.value as AutoLookupMode })}
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
            onChange={(e) => change({ autoDetails: e.target.checked })}
            aria-describedby="auto-details-help"
          />
          <label htmlFor="auto-details">Load details automatically</label>
          <p id="auto-details-help" className="help">
            Coworkers, team and fund portfolio, {creditsLabel(prices.person)} each, as soon as a profile is matched. Off: load them from the
            side panel when wanted.
          </p>
        </div>
        {(['lowBalanceWarning', 'cacheTtlHours', 'notFoundTtlHours'] as const).map((key) => (
          <NumberSetting key={key} setting={key} value={settings[key]} onCommit={(value) => change({ [key]: value })} />
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

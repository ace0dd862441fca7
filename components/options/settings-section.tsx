import { useState } from 'react';
import type { Settings } from '@/lib/settings';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { planBudget } from '@/lib/credits/plan-budget';
import { formatClock } from '@/components/shared/format';
import { BudgetSettingsForm } from './budget-settings-form';
import type { SettingsPatch } from './settings-fields';

export interface SettingsSectionProps {
  /** undefined while the first read is pending. */
  settings: Settings | undefined;
  /** Stores a change; resolves false when it could not be saved. */
  onChange: (patch: SettingsPatch) => Promise<boolean>;
  /** The account's prices (the meter's), said in the settings' help. */
  prices: Prices;
  /** The meter: its tier gives the plan's default budget, its budget today's (with any raise). */
  meter: Pick<CreditMeter, 'tier' | 'dailyBudget'> | null;
}

/** The budget and automation settings, saved per change, with a line saying whether the last one was. */
export function SettingsSection({ settings, onChange, prices, meter }: SettingsSectionProps) {
  const [status, setStatus] = useState<string | null>(null);
  if (!settings) return <p role="status">Loading settings…</p>;
  const change = (patch: SettingsPatch) =>
    void onChange(patch).then((saved) =>
      setStatus(saved ? `Saved at ${formatClock(Date.now())}.` : 'Could not save the setting. Try again.'),
    );
  return (
    <BudgetSettingsForm
      settings={settings}
      onChange={change}
      status={status}
      prices={prices}
      plan={planBudget(meter?.tier)}
      todayBudget={meter?.dailyBudget ?? null}
    />
  );
}

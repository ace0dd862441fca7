import type { Settings } from '@/lib/settings';
import { NumberSetting } from './NumberSetting';
import { NUMBER_SETTINGS, type SettingsPatch } from './settings-fields';

export interface BudgetSettingsFormProps {
  settings: Settings;
  /** A validated change, to save at once (the background applies it without a reload). */
  onChange: (patch: SettingsPatch) => void;
  /** e.g. "Saved." after the last change was stored. */
  status?: string | null;
}

/** Budget and automation settings; every change is saved as soon as it is valid and committed. */
export function BudgetSettingsForm({ settings, onChange, status }: BudgetSettingsFormProps) {
  const numbers = Object.fromEntries(NUMBER_SETTINGS.map((spec) => [spec.key, spec]));
  const field = (key: string) => {
    const spec = numbers[key];
    return spec && <NumberSetting key={spec.key} spec={spec} value={settings[spec.key]} onCommit={(value) => onChange({ [spec.key]: value })} />;
  };

  return (
    <section aria-labelledby="budget-heading" className="card">
      <h2 id="budget-heading">Budget and automation</h2>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        {field('dailyBudget')}
        <div className="field checkbox">
          <input
            id="auto-lookup"
            type="checkbox"
            checked={settings.autoLookup}
            onChange={(e) => onChange({ autoLookup: e.target.checked })}
            aria-describedby="auto-lookup-help"
          />
          <label htmlFor="auto-lookup">Look up profiles automatically</label>
          <p id="auto-lookup-help" className="help">
            One search (5 credits) when you open a new X or LinkedIn profile, within the daily budget. Off: look up from the side panel only.
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
            Coworkers, team and fund portfolio, 5 credits each, as soon as a profile is matched. Off: load them from the side panel when wanted.
          </p>
        </div>
        {field('lowBalanceWarning')}
        {field('cacheTtlHours')}
        {field('notFoundTtlHours')}
      </form>
      <p role="status" className="save-status">
        {status ?? ''}
      </p>
    </section>
  );
}

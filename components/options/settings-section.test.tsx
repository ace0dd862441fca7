import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings/settings';
import { SettingsSection } from './settings-section';

function setup(
  settings: Settings = { ...DEFAULT_SETTINGS, dailyBudget: 150, autoLookup: 'panel-open', autoDetails: false },
  todayBudget = 150,
) {
  const onChange = vi.fn(() => Promise.resolve(true));
  const view = render(
    <SettingsSection
      prices={{ search: 5, person: 5 }}
      settings={settings}
      onChange={onChange}
      meter={{ tier: 'pro', dailyBudget: todayBudget }}
    />,
  );
  return { onChange, ...view };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('SettingsSection', () => {
  it('has the named fields, showing the stored values', () => {
    setup();
    expect(field('Daily credit budget').value).toBe('150');
    const mode = screen.getByRole('combobox', { name: 'Look up profiles automatically' }) as HTMLSelectElement;
    expect(mode.value).toBe('panel-open');
    expect([...mode.options].map((o) => o.textContent)).toEqual(['while the side panel is open', 'always', 'never (only when I click)']);
    expect(field('Load details automatically').checked).toBe(false);
    expect(field('Warn when balance is below').value).toBe(String(DEFAULT_SETTINGS.lowBalanceWarning));
    expect(field('Cache lifetime (hours)').value).toBe(String(DEFAULT_SETTINGS.cacheTtlHours));
    expect(field('Daily credit budget').type).toBe('number');
  });

  it('saves a valid number once, when the field is left (not per keystroke)', async () => {
    const user = userEvent.setup();
    const { onChange } = setup();
    await user.clear(field('Daily credit budget'));
    await user.type(field('Daily credit budget'), '300');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ dailyBudget: 300 });
  });

  it('saves on Enter too', async () => {
    const user = userEvent.setup();
    const { onChange } = setup();
    await user.clear(field('Cache lifetime (hours)'));
    await user.type(field('Cache lifetime (hours)'), '48{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ cacheTtlHours: 48 });
  });

  it.each([
    ['Daily credit budget', '-5', /Daily credit budget must be a whole number from 0 to 100,000/],
    ['Daily credit budget', '2.5', /whole number/],
    ['Daily credit budget', '100001', /from 0 to 100,000/],
    ['Cache lifetime (hours)', '0', /Cache lifetime \(hours\) must be a whole number from 1 to 720/],
    ['Warn when balance is below', '', /Warn when balance is below must be a whole number/],
  ])('rejects %s = %j with a message and does not save', async (label, input, message) => {
    const user = userEvent.setup();
    const { onChange } = setup();
    await user.clear(field(label));
    if (input) await user.type(field(label), input);
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(message);
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
  });

  it('saves the lookup choice and the checkbox at once', async () => {
    const user = userEvent.setup();
    const { onChange } = setup();
    await user.selectOptions(field('Look up profiles automatically'), 'never (only when I click)');
    expect(onChange).toHaveBeenLastCalledWith({ autoLookup: 'never' });
    await user.selectOptions(field('Look up profiles automatically'), 'always');
    expect(onChange).toHaveBeenLastCalledWith({ autoLookup: 'always' });
    await user.click(field('Load details automatically'));
    expect(onChange).toHaveBeenLastCalledWith({ autoDetails: true });
  });

  it('says whether the last change was saved, and shows a value changed elsewhere (the stored item was updated)', async () => {
    const user = userEvent.setup();
    const { rerender, onChange } = setup();
    await user.click(field('Load details automatically'));
    expect(await screen.findByText(/^Saved at /)).toHaveAttribute('role', 'status');
    onChange.mockResolvedValueOnce(false);
    await user.click(field('Load details automatically'));
    expect(await screen.findByRole('status')).toHaveTextContent('Could not save the setting. Try again.');
    rerender(
      <SettingsSection
        prices={{ search: 5, person: 5 }}
        settings={{ ...DEFAULT_SETTINGS, dailyBudget: 75 }}
        onChange={onChange}
        meter={{ tier: 'pro', dailyBudget: 75 }}
      />,
    );
    expect(field('Daily credit budget').value).toBe('75');
  });

  it('unset: the field is empty, shows the plan default, and says the arithmetic and the assumption', () => {
    setup({ ...DEFAULT_SETTINGS, dailyBudget: null }, 320);
    const input = field('Daily credit budget');
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('270 (plan default)');
    expect(document.body.textContent).toContain('Pro: 6,000 credits a month ÷ 22 working days = 272.7, rounded down to a multiple of 5');
    expect(document.body.textContent).toContain('is an assumption');
    // Today's budget is the meter's: 270 + a "+50 today" raise.
    expect(screen.getByTestId('budget-today').textContent).toBe('Today’s budget: 320 credits (270 + 50 added for today).');
  });

  it('emptying a set budget goes back to the plan default (saves null); an empty field is not an error', async () => {
    const user = userEvent.setup();
    const { onChange } = setup({ ...DEFAULT_SETTINGS, dailyBudget: 80 });
    await user.clear(field('Daily credit budget'));
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ dailyBudget: null });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

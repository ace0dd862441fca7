import { act, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { getSettings, settingsItem } from '@/lib/settings/settings-item';
import { useSettings } from './use-settings';

beforeEach(() => fakeBrowser.reset());

async function mounted() {
  const hook = renderHook(() => useSettings(), { wrapper: StrictMode });
  await waitFor(() => expect(hook.result.current.settings).toBeDefined());
  return hook;
}

describe('useSettings', () => {
  it('reads the stored settings through the schema (an odd stored value is normalised)', async () => {
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, dailyBudget: -5 });
    const { result } = await mounted();
    expect(result.current.settings?.dailyBudget).not.toBe(-5);
  });

  it('writes a change and shows it; a change made elsewhere then shows too', async () => {
    const { result } = await mounted();
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.update({ dailyBudget: 40 });
    });
    expect(saved).toBe(true);
    expect(result.current.settings?.dailyBudget).toBe(40);
    expect((await getSettings()).dailyBudget).toBe(40);
    await act(() => settingsItem.setValue({ ...DEFAULT_SETTINGS, dailyBudget: 999 }));
    await waitFor(() => expect(result.current.settings?.dailyBudget).toBe(999));
  });

  it('shows a change at once, and the stored value again when it could not be written', async () => {
    const { result } = await mounted();
    let fail: (e: Error) => void = () => undefined;
    const write = new Promise<void>((_, reject) => (fail = reject));
    vi.spyOn(settingsItem, 'setValue').mockImplementationOnce(() => write);
    let saved: Promise<boolean> | undefined;
    act(() => {
      saved = result.current.update({ autoLookup: 'never' });
    });
    expect(result.current.settings?.autoLookup).toBe('never');
    await act(async () => {
      fail(new Error('quota'));
      expect(await saved).toBe(false);
    });
    expect(result.current.settings?.autoLookup).toBe(DEFAULT_SETTINGS.autoLookup);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  defineSettingsItem,
  getSettings,
  settingsItem,
  SETTINGS_VERSION,
  settingsMigrations,
  updateSettings,
} from '@/lib/settings/settings-item';
import { cleanBaseUrl, DEFAULT_API_BASE_URL, DEFAULT_SETTINGS, cacheTtls, parseSettings } from './settings';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('parseSettings', () => {
  it('fills every default from nothing', () => {
    expect(parseSettings(undefined)).toEqual({
      dailyBudget: null,
      lookupNoteSeen: false,
      autoLookup: 'panel-open',
      autoDetails: false,
      lowBalanceWarning: 50,
      cacheTtlHours: 24,
      notFoundTtlHours: 6,
    });
    expect(DEFAULT_API_BASE_URL).toMatch(/^https?:\/\//);
  });

  it.each([
    // field, input, parsed
    ['dailyBudget', 300, 300],
    ['dailyBudget', -5, 0],
    ['dailyBudget', 1e9, 100_000],
    ['dailyBudget', 12.6, 13],
    ['dailyBudget', '200', 200],
    ['dailyBudget', ' 75 ', 75],
    ['dailyBudget', '', null],
    ['dailyBudget', 'lots', null],
    ['dailyBudget', Number.NaN, null],
    ['dailyBudget', Number.POSITIVE_INFINITY, null],
    ['dailyBudget', null, null],
    ['dailyBudget', true, null],
    ['autoLookup', false, 'never'],
    ['autoLookup', true, 'panel-open'],
    ['autoLookup', 'always', 'always'],
    ['autoLookup', 'never', 'never'],
    ['autoLookup', 'false', 'panel-open'],
    ['autoLookup', 'ALWAYS', 'panel-open'],
    ['autoDetails', true, true],
    ['autoDetails', 1, false],
    ['lowBalanceWarning', -1, 0],
    ['cacheTtlHours', 0, 1],
    ['cacheTtlHours', 10_000, 720],
    ['notFoundTtlHours', 0.2, 1],
    ['notFoundTtlHours', 500, 168],
  ] as const)('%s: %j → %j', (field, input, expected) => {
    expect(parseSettings({ [field]: input })[field]).toEqual(expected);
  });

  it.each([null, 'settings', 42, [1, 2], true])('a non-object (%j) gives the defaults', (input) => {
    expect(parseSettings(input)).toEqual(DEFAULT_SETTINGS);
  });

  it.each(['apiKey', 'apiBaseUrl'])('drops unknown fields, so a stray %s can never ride along in settings', (field) => {
    expect(parseSettings({ [field]: 'https://api.example.com', dailyBudget: 10 })).not.toHaveProperty(field);
  });

  it('cacheTtls converts hours to ms', () => {
    expect(cacheTtls(DEFAULT_SETTINGS)).toEqual({ ttlMs: 24 * 3_600_000, notFoundTtlMs: 6 * 3_600_000 });
  });
});

describe('cleanBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['  https://api.example.com/v0/// ', 'https://api.example.com/v0'],
    ['https://api.example.com/?x=1#frag', 'https://api.example.com'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    // Plain http only to the emulator's exact hosts (what the manifest grants in development/test builds).
    ['http://[::1]:8787', null],
    ['http://api-mirror.localhost:8787', null],
    ['http://127.0.0.2:8787', null],
    ['http://api.example.com', null],
    ['https://user:pass@api.example.com', null],
    ['ftp://api.example.com', null],
    ['javascript:alert(1)', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(cleanBaseUrl(input)).toBe(expected);
  });
});

describe('settingsItem (local:settings)', () => {
  it('reads the defaults when nothing is stored', async () => {
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('updateSettings merges, clamps and persists', async () => {
    await updateSettings({ dailyBudget: '500', autoDetails: true });
    const next = await updateSettings({ lowBalanceWarning: -3 });
    expect(next).toMatchObject({ dailyBudget: 500, autoDetails: true, lowBalanceWarning: 0, autoLookup: 'panel-open' });
    expect(await fakeBrowser.storage.local.get('settings')).toEqual({ settings: next });
  });

  it('normalises a corrupted stored value on read', async () => {
    await fakeBrowser.storage.local.set({ settings: { dailyBudget: 'lots', autoLookup: 'yes', extra: 1 } });
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('watch() delivers changes (the background re-reads budget/TTLs live)', async () => {
    const seen: Array<number | null> = [];
    const unwatch = settingsItem.watch((v) => seen.push(parseSettings(v).dailyBudget));
    await updateSettings({ dailyBudget: 42 });
    unwatch();
    expect(seen).toEqual([42]);
  });
});

describe('migrations', () => {
  it.each([
    // stored v1 autoLookup → v2 mode, and the raw value now on disk
    [true, 'panel-open'],
    [false, 'never'],
    [undefined, 'panel-open'],
  ])('v1 "Look up profiles automatically" %j becomes %j on disk', async (old, mode) => {
    await fakeBrowser.storage.local.set({ settings: { dailyBudget: 80, autoLookup: old }, settings$: { v: 1 } });
    const item = defineSettingsItem();
    await item.migrate();
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({ dailyBudget: 80, autoLookup: mode });
    expect(await getSettings(item)).toMatchObject({ dailyBudget: 80, autoLookup: mode });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: SETTINGS_VERSION } });
  });

  it('a stored v1 value is migrated when the item moves to a later version', async () => {
    // v1 as written by this version: value plus the version meta that @wxt-dev/storage keeps in "settings$".
    await fakeBrowser.storage.local.set({ settings: { dailyBudget: 80, autoLookup: false }, settings$: { v: 1 } });
    // Hypothetical v5: the budget is renamed on disk and must be carried over.
    const v5 = defineSettingsItem(5, {
      ...settingsMigrations,
      5: (old) => {
        const { dailyBudget, ...rest } = old as { dailyBudget?: number };
        return { ...rest, dailyBudget: dailyBudget ?? 150, notFoundTtlHours: 12 };
      },
    });
    await v5.migrate();
    expect(await getSettings(v5)).toMatchObject({ dailyBudget: 80, autoLookup: 'never', notFoundTtlHours: 12 });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: 5 } });
  });

  it.each([
    // stored settings (with their version) → on disk after, and what is kept aside for the key's binding
    ['v2 with an address', { dailyBudget: 80, apiBaseUrl: 'https://api.example.com' }, 2, 'https://api.example.com'],
    ['v1 with an address', { dailyBudget: 80, autoLookup: false, apiBaseUrl: 'http://127.0.0.1:9999' }, 1, 'http://127.0.0.1:9999'],
    ['v2 without one', { dailyBudget: 80 }, 2, undefined],
  ] as const)('v3: the API base URL leaves settings (%s) and waits aside for the key', async (_label, old, version, kept) => {
    await fakeBrowser.storage.local.set({ settings: old, settings$: { v: version } });
    const item = defineSettingsItem();
    await item.migrate();
    const { settings } = await fakeBrowser.storage.local.get('settings');
    expect(settings).not.toHaveProperty('apiBaseUrl');
    expect(settings).toMatchObject({ dailyBudget: 80 });
    expect((await fakeBrowser.storage.local.get('legacyApiBaseUrl')).legacyApiBaseUrl).toBe(kept);
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: SETTINGS_VERSION } });
  });

  it.each([
    // stored v3 budget → after v4 (null: the plan's default)
    ['the old default, written back by the first save', 150, null],
    ['a budget the user typed', 80, 80],
    ['a budget above the old default', 400, 400],
    ['0 (always ask)', 0, 0],
    ['none stored', undefined, null],
  ])('v4: %s (%j) → %j', async (_label, stored, after) => {
    await fakeBrowser.storage.local.set({ settings: { dailyBudget: stored, autoLookup: 'always' }, settings$: { v: 3 } });
    const item = defineSettingsItem();
    await item.migrate();
    expect(await getSettings(item)).toMatchObject({ dailyBudget: after, autoLookup: 'always' });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: 4 } });
  });

  it('a value written before versioning existed reads as v1', async () => {
    await fakeBrowser.storage.local.set({ settings: { dailyBudget: 90 } });
    const v1 = defineSettingsItem();
    await v1.migrate();
    expect(await getSettings(v1)).toMatchObject({ dailyBudget: 90 });
  });

  it('a fresh install gets the version stamped on first write', async () => {
    const v1 = defineSettingsItem();
    await updateSettings({ dailyBudget: 10 }, v1);
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: SETTINGS_VERSION } });
  });
});

import { z } from 'zod';
import { checkApiBase } from '@/lib/api/api-origin-policy';

/**
 * A usable API base URL, or null. The key is sent to this origin, so the origin policy decides (https
 * anywhere, plain http only to the emulator in development/test builds, no embedded credentials);
 * query/hash and trailing slash dropped.
 */
export function cleanBaseUrl(input: unknown): string | null {
  const checked = checkApiBase(input);
  return checked.ok ? checked.baseUrl : null;
}

export const FALLBACK_API_BASE_URL = 'http://127.0.0.1:8787';
// Written exactly as `import.meta.env.WXT_API_BASE_URL` so wxt.config's `define` replaces it at build time. Plain
// Node (the tsx benches that run the worker) has no `import.meta.env`: the fallback then.
const BUILT_API_BASE_URL: string | undefined = typeof import.meta.env === 'object' ? import.meta.env.WXT_API_BASE_URL : undefined;
export const DEFAULT_API_BASE_URL = cleanBaseUrl(BUILT_API_BASE_URL ?? FALLBACK_API_BASE_URL) ?? FALLBACK_API_BASE_URL;

/** A number or numeric string (a form input), rounded and clamped; null for anything else. */
function clampInt(v: unknown, min: number, max: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : null;
}

const flag = (fallback: boolean) => z.boolean().catch(fallback);

/**
 * When profiles are looked up without a click. `panel-open`: only for a tab a panel page is showing
 * (a glance with the panel closed costs nothing). The v1 boolean reads as `panel-open` (true, the old
 * default) or `never` (false).
 */
export const AUTO_LOOKUP_MODES = ['panel-open', 'always', 'never'] as const;
export type AutoLookupMode = (typeof AUTO_LOOKUP_MODES)[number];
export const AUTO_LOOKUP_LABELS: Record<AutoLookupMode, string> = {
  'panel-open': 'while the side panel is open',
  always: 'always',
  never: 'never (only when I click)',
};
const autoLookupMode = z
  .unknown()
  .transform((v): AutoLookupMode =>
    v === false ? 'never' : v === true ? 'panel-open' : (AUTO_LOOKUP_MODES.find((m) => m === v) ?? 'panel-open'),
  )
  .catch('panel-open' as AutoLookupMode);

/** Allowed range and default of each numeric setting: the schema clamps to it, the options page validates against it. */
export const NUMBER_SETTING_BOUNDS = {
  // No fallback: unset (null) is the plan's default (lib/credits/plan-budget.ts), read where the tier is known.
  dailyBudget: { min: 0, max: 100_000, fallback: null },
  lowBalanceWarning: { min: 0, max: 1_000_000, fallback: 50 },
  // At least an hour: below that the cache stops protecting credits across revisits.
  cacheTtlHours: { min: 1, max: 24 * 30, fallback: 24 },
  notFoundTtlHours: { min: 1, max: 24 * 7, fallback: 6 },
} as const;
/** A number field: numbers and numeric strings (form inputs) are rounded and clamped; anything else (or none) is the fallback. */
const bounded = <F extends number | null>({ min, max, fallback }: { min: number; max: number; fallback: F }) =>
  z
    .unknown()
    .transform((v): number | F => clampInt(v, min, max) ?? fallback)
    .catch(fallback as Awaited<F>); // Awaited: zod's signature; F is never a promise

/**
 * User settings. Parsing never fails: a missing or wrong-typed field takes its default, an out-of-range number
 * is clamped, unknown fields (a stray `apiKey` or `apiBaseUrl` too) are dropped. No API base URL: storage.local
 * is writable by content scripts on Firefox, so the key's address is kept with the key (./api-key.ts).
 */
export const SettingsSchema = z.preprocess(
  (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}),
  z.object({
    /** Credits the extension may spend per local calendar day; null until the user sets one: the plan's default. */
    dailyBudget: bounded(NUMBER_SETTING_BOUNDS.dailyBudget),
    /** "Look up profiles automatically" */
    autoLookup: autoLookupMode,
    /** "Load details automatically" (coworkers, team, portfolio: 5 credits each) */
    autoDetails: flag(false),
    /** "Warn when balance is below" (credits) */
    lowBalanceWarning: bounded(NUMBER_SETTING_BOUNDS.lowBalanceWarning),
    cacheTtlHours: bounded(NUMBER_SETTING_BOUNDS.cacheTtlHours),
    notFoundTtlHours: bounded(NUMBER_SETTING_BOUNDS.notFoundTtlHours),
    /** The panel's first-use note (what automatic lookups cost, where to change it) was dismissed. */
    lookupNoteSeen: flag(false),
  }),
);

export type Settings = z.output<typeof SettingsSchema>;

export function parseSettings(input: unknown): Settings {
  return SettingsSchema.parse(input);
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze(parseSettings({}));

/** TTLs for the response cache, in ms. */
export function cacheTtls(settings: Settings): { ttlMs: number; notFoundTtlMs: number } {
  return { ttlMs: settings.cacheTtlHours * 3_600_000, notFoundTtlMs: settings.notFoundTtlHours * 3_600_000 };
}

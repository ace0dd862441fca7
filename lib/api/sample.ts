/*
 * Sample answers: a free key below a call's price gets HTTP 200 with synthetic rows. ANY one marker is enough: fake
 * rows shown as real are the worst outcome (a rep would act on invented contacts). Before the schema runs, unparsable
 * rows are dropped and what a sample leaves out is filled in, so it never fails the call and has its endpoint's type.
 */
import type { z } from 'zod';
import type { SampleInfo } from './result';

export const SAMPLE_HEADER = 'Service-Sample';
const SAMPLE_NOTICE_PREFIX = 'NOT REAL DATA';
/** Used when a response is marked as a sample but carries no notice of its own. */
export const DEFAULT_SAMPLE_NOTICE =
  'NOT REAL DATA: this is a sample answer because the balance is below the price of the call. Add credits to see live data.';

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function isSampleNotice(notice: unknown): boolean {
  return typeof notice === 'string' && notice.trimStart().toUpperCase().startsWith(SAMPLE_NOTICE_PREFIX);
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Null for live data; otherwise what the UI needs to explain the sample and the top-up (synthetic: read leniently, `meta` first). */
export function detectSample(headers: Headers, body: unknown): SampleInfo | null {
  const record = isRecord(body) ? body : {};
  const meta = isRecord(record.meta) ? record.meta : {};
  const markers = [
    isTrue(headers.get(SAMPLE_HEADER)),
    isTrue(record.sample),
    isTrue(meta.sample),
    isSampleNotice(record.notice),
    isSampleNotice(meta.notice),
  ];
  if (!markers.includes(true)) return null;

  const creditsRequired = numberOrNull(meta.creditsRequired) ?? numberOrNull(record.creditsRequired);
  const creditsBalance = numberOrNull(meta.creditsBalance) ?? numberOrNull(record.creditsBalance);
  const topUpNeeded = creditsRequired !== null && creditsBalance !== null ? Math.max(0, creditsRequired - creditsBalance) : null;
  const notice = record.notice ?? meta.notice;

  return {
    notice: typeof notice === 'string' && notice.trim() !== '' ? notice : DEFAULT_SAMPLE_NOTICE,
    creditsRequired,
    creditsBalance,
    topUpNeeded,
    upgradeUrl: textOrNull(meta.upgradeUrl) ?? textOrNull(record.upgradeUrl),
  };
}

export interface SampleRepairPlan {
  /** Record arrays to filter, by key, with the schema a row must pass. */
  arrays: Readonly<Record<string, z.ZodType>>;
  /** The arrays sit under this key of the body (`/v1/people/{id}` nests them under `data`). */
  within?: string;
  /** Values for keys the sample left out. */
  defaults?: Readonly<Record<string, unknown>>;
}

/** A JSON object (not null, not an array): the one test every reader of an unknown body uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns a repaired copy; anything that is not an object is returned as-is for the strict parse to reject. */
export function repairSampleBody(raw: unknown, plan: SampleRepairPlan): unknown {
  if (!isRecord(raw)) return raw;
  const body: Record<string, unknown> = { ...plan.defaults, ...raw };

  if (isRecord(body.meta) && typeof body.meta.creditsCharged !== 'number') {
    body.meta = { ...body.meta, creditsCharged: 0 };
  }

  const holder: Record<string, unknown> | null =
    plan.within === undefined ? body : isRecord(body[plan.within]) ? { ...(body[plan.within] as Record<string, unknown>) } : null;
  if (holder === null) return body;
  for (const [key, schema] of Object.entries(plan.arrays)) {
    const rows = holder[key];
    holder[key] = Array.isArray(rows) ? rows.filter((row) => schema.safeParse(row).success) : [];
  }
  if (plan.within !== undefined) body[plan.within] = holder;

  return body;
}

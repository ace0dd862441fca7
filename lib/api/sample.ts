/*
 * Sample detection. A free key below a call's price gets HTTP 200 with synthetic rows; ANY one marker is
 * enough, because showing fake rows as real is the worst outcome (the user would act on invented contacts).
 */
import type { SampleInfo } from './result';
import { isRecord } from './sample-repair';
import { SampleMetaSchema } from './schemas';

export const SAMPLE_HEADER = 'Service-Sample';
const SAMPLE_NOTICE_PREFIX = 'NOT REAL DATA';
/** Used when a response is marked as a sample but carries no notice of its own. */
export const DEFAULT_SAMPLE_NOTICE =
  'NOT REAL DATA: this is a sample answer because the balance is below the price of the call. Add credits to see live data.';

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function noticeOf(body: Record<string, unknown>, meta: Record<string, unknown>): string | null {
  const notice = body.notice ?? meta.notice;
  return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
}

function isSampleNotice(notice: unknown): boolean {
  return typeof notice === 'string' && notice.trimStart().toUpperCase().startsWith(SAMPLE_NOTICE_PREFIX);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Null for live data; otherwise what the UI needs to explain the sample and the top-up. */
export function detectSample(headers: Headers, body: unknown): SampleInfo | null {
  const record = isRecord(body) ? body : {};
  const rawMeta = isRecord(record.meta) ? record.meta : {};
  const markers = [
    isTrue(headers.get(SAMPLE_HEADER)),
    isTrue(record.sample),
    isTrue(rawMeta.sample),
    isSampleNotice(record.notice),
    isSampleNotice(rawMeta.notice),
  ];
  if (!markers.includes(true)) return null;

  const parsed = SampleMetaSchema.safeParse(rawMeta); // every field is caught, so this only fails on a non-object
  const meta = parsed.success ? parsed.data : { creditsRequired: null, creditsBalance: null, upgradeUrl: null };
  const creditsRequired = meta.creditsRequired ?? numberOrNull(record.creditsRequired);
  const creditsBalance = meta.creditsBalance ?? numberOrNull(record.creditsBalance);
  const topUpNeeded = creditsRequired !== null && creditsBalance !== null ? Math.max(0, creditsRequired - creditsBalance) : null;
  const upgradeUrl = meta.upgradeUrl ?? (typeof record.upgradeUrl === 'string' ? record.upgradeUrl : null);

  return {
    notice: noticeOf(record, rawMeta) ?? DEFAULT_SAMPLE_NOTICE,
    creditsRequired,
    creditsBalance,
    topUpNeeded,
    upgradeUrl,
  };
}

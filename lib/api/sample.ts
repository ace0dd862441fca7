/*
 * Sample detection. A free key below a call's price gets HTTP 200 with synthetic rows; ANY one marker is
 * enough, because showing fake rows as real is the worst outcome (the user would act on invented contacts).
 */
import type { SampleInfo } from './result';
import { isRecord } from './sample-repair';

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

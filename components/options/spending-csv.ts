import { dayKey } from '@/lib/credits/day-key';

// The CSV builders live in lib/credits (ledgerCsv, revealsCsv); this only names the downloaded file.
export function csvFileName(kind: 'spending' | 'revealed-contacts', now: number): string {
  return `crypto-directory-${kind}-${dayKey(now)}.csv`;
}

import { toCsv, type LedgerEntry, type RevealRecord } from '@/lib/credits';

const LEDGER_HEADER = ['at', 'day', 'accountId', 'endpoint', 'path', 'creditsCharged', 'balanceAfter', 'sample', 'estimated'] as const;
const KNOWN_CHANNELS = ['email', 'phone', 'telegram', 'linkedinUrl'] as const;

/** Local calendar day (YYYY-MM-DD) of an epoch-ms instant. */
export function localDay(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Every charged (or free) call, oldest first: what the spending chart sums. Built locally; no API call. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => a.at - b.at)
    .map((e) => [new Date(e.at).toISOString(), localDay(e.at), e.accountId, e.endpoint, e.path, e.creditsCharged, e.balanceAfter, e.sample, e.estimated ?? false]);
  return toCsv(LEDGER_HEADER, rows);
}

/** Contacts this install paid to reveal, newest first; channel columns beyond the known four are appended. */
export function revealsCsv(reveals: readonly RevealRecord[]): string {
  const sorted = [...reveals].sort((a, b) => b.at - a.at);
  const extra = [...new Set(sorted.flatMap((r) => Object.keys(r.channels)))]
    .filter((c) => !(KNOWN_CHANNELS as readonly string[]).includes(c))
    .sort();
  const channels = [...KNOWN_CHANNELS, ...extra];
  return toCsv(
    ['revealedAt', 'accountId', 'personId', 'name', ...channels, 'creditsCharged'],
    sorted.map((r) => [new Date(r.at).toISOString(), r.accountId, r.personId, r.name, ...channels.map((c) => r.channels[c]), r.creditsCharged]),
  );
}

export function csvFileName(kind: 'spending' | 'revealed-contacts', now: number): string {
  return `crypto-directory-${kind}-${localDay(now)}.csv`;
}

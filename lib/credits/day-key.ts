/**
 * Budgets reset on the user's local calendar day, not UTC: a BD rep in Singapore should not see the
 * budget reset at 08:00. Callers inject the clock; the zone is the runtime's (the browser's).
 */
export function dayKey(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The day `delta` calendar days from `day` (YYYY-MM-DD). Works at noon so DST shifts never skip or repeat a day. */
export function shiftDay(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return dayKey(new Date(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + delta, 12).getTime());
}

/** The last `n` day keys ending with today, oldest first. */
export function lastDayKeys(now: number, n: number): string[] {
  const today = dayKey(now);
  return Array.from({ length: Math.max(0, n) }, (_, i) => shiftDay(today, i - n + 1));
}

/*
 * The quick choices beside "Follow up on": a day picked in one click instead of a date picker. Local
 * calendar days (lib/credits/day-key.ts), so "next week" is the rep's next Monday, not UTC's.
 */
import { shiftDay } from '@/lib/credits/day-key';

/** Days from `today` (YYYY-MM-DD) to the next Monday: 1–7 (a Monday's next week is 7 days out). */
function daysToNextMonday(today: string): number {
  const [y, m, d] = today.split('-').map(Number);
  const weekday = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12).getDay(); // 0 Sunday … 6 Saturday
  return (8 - weekday) % 7 || 7;
}

export function followUpChoices(today: string): { label: string; day: string }[] {
  return [
    { label: 'In 3 days', day: shiftDay(today, 3) },
    { label: 'Next week', day: shiftDay(today, daysToNextMonday(today)) },
    { label: 'In 2 weeks', day: shiftDay(today, 14) },
  ];
}

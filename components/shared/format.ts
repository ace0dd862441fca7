/*
 * Display formatting shared by the extension pages. Fixed to en-US so numbers read the same in every
 * test and screenshot ("5,990", "$12.5M", "Mar 14, 2024").
 */

import { safeText } from '@/lib/text/safe-text';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
// Built once: `toLocaleDateString` with options builds a new formatter per call (~1 ms), on every card.
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const localDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 26", in the user's time zone. */
export const formatMonthDay = (at: number): string => monthDay.format(at);

/** "Nov 26, 2026", in the user's time zone. */
export const formatLocalDay = (at: number): string => localDay.format(at);

/** "5,990" */
export const formatCredits = (n: number): string => integer.format(n);

/** "84K" */
export const formatCompact = (n: number): string => compact.format(n);

/** "$12.5M" */
export const formatUsd = (n: number): string => usdCompact.format(n);

/** "+312%" / "-4.5%" (whole numbers from 100 up). */
export function formatPercent(n: number): string {
  const digits = Math.abs(n) >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, signDisplay: 'exceptZero' }).format(n)}%`;
}

/** A date from an API timestamp (ISO text or epoch ms/s); the raw text if unreadable. */
export function formatDate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? (value < 1e12 ? value * 1000 : value) : Date.parse(value);
  return Number.isFinite(ms) ? day.format(new Date(ms)) : String(value);
}

/** "2:03:12 PM" (local time). */
export const formatClock = (ms: number): string => clock.format(new Date(ms));

/** "1:05" for 65 s, "12 s" under a minute. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}:${String(s % 60).padStart(2, '0')}`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Person display name, never empty; without bidi controls or invisible characters (directory text). */
export function personName(p: Partial<Record<'firstName' | 'lastName' | 'twitterHandle' | 'slug', string | null>>): string {
  const full = [p.firstName, p.lastName]
    .map((s) => safeText(s))
    .filter((s) => s !== '')
    .join(' ');
  if (full) return full;
  const handle = safeText(p.twitterHandle).replace(/^@/, '');
  if (handle) return `@${handle}`;
  return safeText(p.slug) || 'Unnamed person';
}

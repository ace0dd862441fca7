/*
 * The Leads page's own words and dates, written once for its components and its wiring.
 */
import { formatCredits, formatDate } from '@/components/shared/format';

/** "1 lead", "10,000 leads" */
export const leadsLabel = (n: number): string => `${formatCredits(n)} ${n === 1 ? 'lead' : 'leads'}`;

/** A local calendar day `YYYY-MM-DD` (a follow-up) as "Nov 26, 2026": read as a date, not an instant, so no zone moves it. */
export const formatDay = (day: string): string => formatDate(`${day}T00:00:00Z`) ?? day;

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 26, 2026, 10:00 AM", in the rep's own time zone (when a note was written). */
export const formatMoment = (ms: number): string => moment.format(new Date(ms));

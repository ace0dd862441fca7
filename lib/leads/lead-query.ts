/*
 * The Leads page's search, filters and sort, in memory. With 10,000 leads a keystroke must answer in under
 * 100 ms, so each lead's text is folded once (`indexLeads`) and sorted once per sort choice; a keystroke is
 * then one pass of substring tests.
 */
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { foldLetters } from '@/lib/lookup/normalize-name';
import { isFollowUpDue, type Lead, type LeadStatus } from './lead';

export interface LeadFilter {
  /** "Search leads": name, company, X handle, tag, note text; case- and accent-insensitive, every word must match. */
  text: string;
  status: LeadStatus | null;
  /** A tag, compared case-insensitively. */
  tag: string | null;
  /** Revealed under any account (the reveal store says which). */
  channel: ContactChannelId | null;
  /** Follow-up due today or earlier (never "Do not contact"). */
  due: boolean;
}

export const NO_FILTER: LeadFilter = { text: '', status: null, tag: null, channel: null, due: false };

export const LEAD_SORTS = [
  { id: 'activity', label: 'Last activity' },
  { id: 'name', label: 'Name' },
  { id: 'company', label: 'Company' },
  { id: 'follow-up', label: 'Follow-up' },
  { id: 'saved', label: 'Saved date' },
] as const;
export type LeadSort = (typeof LEAD_SORTS)[number]['id'];

/** A lead with its folded search text and sort keys, computed once per read. */
export interface IndexedLead {
  lead: Lead;
  haystack: string;
  nameKey: string;
  companyKey: string;
}

// eslint-disable-next-line no-control-regex -- \x00-\x7F is the ASCII range, named by its bounds
const NON_ASCII = /[^\x00-\x7F]/;

/** Lower-cased and accent-free; plain ASCII (most names) skips the Unicode work, which is most of the cost at 10,000 leads. */
const fold = (text: string): string => (NON_ASCII.test(text) ? foldLetters(text) : text.toLowerCase());

/** The form both the query and the text it searches are compared in. */
export const foldForSearch = (text: string): string => fold(text).replace(/\s+/g, ' ').trim();

export function indexLead(lead: Lead): IndexedLead {
  const handle = lead.xHandle ? `@${lead.xHandle}` : '';
  const parts = [lead.name, lead.company?.name ?? '', handle, ...lead.tags, ...lead.notes.map((n) => n.text)];
  return {
    lead,
    // One line per part, folded at once: a query word (never whitespace) cannot match across two parts.
    haystack: fold(parts.join('\n')),
    nameKey: foldForSearch(lead.name),
    companyKey: foldForSearch(lead.company?.name ?? ''),
  };
}

/** Every lead indexed; with `cache`, a lead object already indexed is not folded again (an edit re-folds one lead, not 10,000). */
export const indexLeads = (leads: readonly Lead[], cache?: WeakMap<Lead, IndexedLead>): IndexedLead[] =>
  leads.map((lead) => {
    const known = cache?.get(lead);
    if (known) return known;
    const indexed = indexLead(lead);
    cache?.set(lead, indexed);
    return indexed;
  });

type Compare = (a: IndexedLead, b: IndexedLead) => number;
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Blank values (no company, no follow-up) go last in either direction. */
const blankLast = (a: string | null, b: string | null) => (a ? (b ? text(a, b) : -1) : b ? 1 : 0);
const byName: Compare = (a, b) => text(a.nameKey, b.nameKey) || text(a.lead.personId, b.lead.personId);

const COMPARE: Record<LeadSort, Compare> = {
  activity: (a, b) => b.lead.updatedAt - a.lead.updatedAt || byName(a, b),
  name: byName,
  company: (a, b) => blankLast(a.companyKey, b.companyKey) || byName(a, b),
  'follow-up': (a, b) => blankLast(a.lead.followUpOn, b.lead.followUpOn) || byName(a, b),
  saved: (a, b) => b.lead.savedAt - a.lead.savedAt || byName(a, b),
};

export const sortLeads = (index: readonly IndexedLead[], sort: LeadSort): IndexedLead[] => [...index].sort(COMPARE[sort]);

export interface QueryContext {
  /** Local `YYYY-MM-DD` (lib/credits/day-key.ts). */
  today: string;
  /** The channels revealed for a person under any account. */
  revealed: (personId: string) => ReadonlySet<ContactChannelId> | undefined;
}

/** The leads that pass `filter`, in the order of `sorted`. */
export function filterLeads(sorted: readonly IndexedLead[], filter: LeadFilter, ctx: QueryContext): Lead[] {
  const words = foldForSearch(filter.text).split(' ').filter(Boolean);
  const tag = filter.tag?.toLowerCase() ?? null;
  const out: Lead[] = [];
  for (const { lead, haystack } of sorted) {
    if (filter.status && lead.status !== filter.status) continue;
    if (filter.due && !isFollowUpDue(lead, ctx.today)) continue;
    if (tag && !lead.tags.some((t) => t.toLowerCase() === tag)) continue;
    if (filter.channel && !ctx.revealed(lead.personId)?.has(filter.channel)) continue;
    if (!words.every((w) => haystack.includes(w))) continue;
    out.push(lead);
  }
  return out;
}

/** Every tag in use, once (case-insensitively, as first spelled), A→Z: the tag filter's choices. */
export const leadTags = (leads: readonly Lead[]): string[] => distinctTags(leads.flatMap((l) => l.tags));

/** These tags once each (case-insensitively, as first spelled), A→Z. */
export function distinctTags(tags: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const t of tags) if (!seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  return [...seen.values()].sort((a, b) => text(foldForSearch(a), foldForSearch(b)));
}

/** The filter a link opens the page with: `leads.html?filter=due` (the popup and the toolbar badge). */
export function filterFromSearch(search: string): LeadFilter {
  const params = new URLSearchParams(search);
  return { ...NO_FILTER, due: params.get('filter') === 'due' };
}

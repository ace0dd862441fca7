/*
 * The prospect page's form as data: which filters each list accepts (the spec's), the values the spec fixes
 * (with labels), and form → query. Values the spec leaves open are free text, with suggestions from
 * ./vocabulary.ts (roles, channels) and ./results.ts (sectors, fund types, trust tiers).
 */
import { DEFAULT_SORTS, type ContactType, type TokenFilter } from '@/lib/api/calls';
import type { ProspectList, ProspectQuery } from './prospect-query';

/** The "Look for" choices, in order, with what each list is called on the page. */
export const LIST_CHOICES: readonly { list: ProspectList; label: string; noun: string }[] = [
  { list: 'people', label: 'People', noun: 'people' },
  { list: 'projects', label: 'Projects', noun: 'projects' },
  { list: 'investors', label: 'Funds', noun: 'funds' },
  { list: 'services', label: 'Service providers', noun: 'service providers' },
];

export type FilterField = Exclude<keyof ProspectForm, 'list'>;

/** The fields each list's endpoint accepts, in the order the form shows them. */
export const FIELDS_BY_LIST: Readonly<Record<ProspectList, readonly FilterField[]>> = {
  people: ['q', 'contactType', 'roles', 'channels', 'sort'],
  projects: ['q', 'sectors', 'token', 'sort'],
  investors: ['q', 'fundType', 'trustTier', 'sort'],
  services: ['q', 'sectors', 'sort'],
};

export const CONTACT_TYPE_CHOICES: readonly { value: ContactType; label: string }[] = [
  { value: 'team', label: 'Team member' },
  { value: 'analyst', label: 'Analyst' },
];

export const TOKEN_CHOICES: readonly { value: TokenFilter; label: string }[] = [
  { value: 'launched', label: 'Token launched' },
  { value: 'pre', label: 'Pre-launch' },
];

/** Each list's sorts, the default (sent when none is chosen, lib/api/calls.ts) first. */
const RECENT_OR_NAME = [
  { value: 'recent', label: 'Recently added' },
  { value: 'name', label: 'Name' },
];
export const SORT_CHOICES: Readonly<Record<ProspectList, readonly { value: string; label: string }[]>> = {
  people: RECENT_OR_NAME,
  projects: RECENT_OR_NAME,
  investors: [
    { value: 'portfolio', label: 'Portfolio size' },
    { value: 'roi', label: 'All-time ROI' },
    { value: 'name', label: 'Name' },
    { value: 'recent', label: 'Recently added' },
  ],
  services: RECENT_OR_NAME,
};

/** What the form holds: every field as typed (lists as comma-separated text), whichever list is chosen. */
export const EMPTY_FORM = {
  list: 'people' as ProspectList,
  q: '',
  contactType: '' as ContactType | '',
  roles: '',
  channels: '',
  sectors: '',
  token: '' as TokenFilter | '',
  fundType: '',
  trustTier: '',
  /** '' = the list's default. */
  sort: '',
};
export type ProspectForm = typeof EMPTY_FORM;

/** "founder, bd,," → ['founder', 'bd']: a comma-separated field's values. */
export function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The field's text with `value` added, or taken out when it is there (a suggestion toggled). */
export function toggleValue(text: string, value: string): string {
  const values = splitValues(text);
  return (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]).join(', ');
}

/** The field's text with `from` replaced by `to` (a suggested value picked instead of the one typed). */
export const replaceValue = (text: string, from: string, to: string): string =>
  splitValues(text)
    .map((v) => (v === from ? to : v))
    .join(', ');

const some = (values: string[]) => (values.length > 0 ? values : undefined);
const text = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Each field as the query sends it; undefined leaves it out. */
const READ: Record<FilterField, (form: ProspectForm) => unknown> = {
  q: (form) => text(form.q),
  contactType: (form) => form.contactType || undefined,
  roles: (form) => some(splitValues(form.roles)),
  channels: (form) => some(splitValues(form.channels)),
  sectors: (form) => some(splitValues(form.sectors)),
  token: (form) => form.token || undefined,
  fundType: (form) => text(form.fundType),
  trustTier: (form) => text(form.trustTier),
  sort: (form) => (SORT_CHOICES[form.list].some((c) => c.value === form.sort) ? form.sort : DEFAULT_SORTS[form.list]),
};

/** The question the form asks: only the chosen list's fields, blanks left out, the sort always named. */
export function queryOf(form: ProspectForm): ProspectQuery {
  const fields = FIELDS_BY_LIST[form.list].map((field) => [field, READ[field](form)] as const);
  return Object.fromEntries([['list', form.list], ...fields.filter(([, value]) => value !== undefined)]) as ProspectQuery;
}

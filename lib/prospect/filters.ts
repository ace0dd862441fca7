/*
 * The prospect page's form as data: which filters each list accepts (the spec's, nothing more), the
 * values the spec fixes (with their labels), and the form → query step. Values the spec leaves open
 * (roles, channels, sectors, fund types, trust tiers) are free text, offered from earlier answers
 * (./vocabulary.ts), never from a list made up here.
 */
import { DEFAULT_SORTS, type CompanySort, type ContactType, type InvestorSort, type PeopleSort, type TokenFilter } from '@/lib/api/calls';
import type { ProspectList, ProspectQuery } from './prospect-query';

/** The "Look for" choices, in order, with what each list is called on the page. */
export const LIST_CHOICES: readonly { list: ProspectList; label: string; noun: string }[] = [
  { list: 'people', label: 'People', noun: 'people' },
  { list: 'projects', label: 'Projects', noun: 'projects' },
  { list: 'investors', label: 'Funds', noun: 'funds' },
  { list: 'services', label: 'Service providers', noun: 'service providers' },
];

export type FilterField = 'q' | 'contactType' | 'roles' | 'channels' | 'sectors' | 'token' | 'fundType' | 'trustTier' | 'sort';

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
export const SORT_CHOICES: Readonly<Record<ProspectList, readonly { value: string; label: string }[]>> = {
  people: [
    { value: 'recent', label: 'Recently added' },
    { value: 'name', label: 'Name' },
  ],
  projects: [
    { value: 'recent', label: 'Recently added' },
    { value: 'name', label: 'Name' },
  ],
  investors: [
    { value: 'portfolio', label: 'Portfolio size' },
    { value: 'roi', label: 'All-time ROI' },
    { value: 'name', label: 'Name' },
    { value: 'recent', label: 'Recently added' },
  ],
  services: [
    { value: 'recent', label: 'Recently added' },
    { value: 'name', label: 'Name' },
  ],
};

/** What the form holds: every field as typed (lists as comma-separated text), whichever list is chosen. */
export interface ProspectForm {
  list: ProspectList;
  q: string;
  contactType: ContactType | '';
  roles: string;
  channels: string;
  sectors: string;
  token: TokenFilter | '';
  fundType: string;
  trustTier: string;
  /** '' = the list's default. */
  sort: string;
}

export const EMPTY_FORM: ProspectForm = {
  list: 'people',
  q: '',
  contactType: '',
  roles: '',
  channels: '',
  sectors: '',
  token: '',
  fundType: '',
  trustTier: '',
  sort: '',
};

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

const sortOf = <S extends string>(list: ProspectList, sort: string): S =>
  (SORT_CHOICES[list].some((c) => c.value === sort) ? sort : DEFAULT_SORTS[list]) as S;
const some = (values: string[]) => (values.length > 0 ? values : undefined);
const text = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The question the form asks: only the chosen list's fields, blanks left out, the sort always named. */
export function queryOf(form: ProspectForm): ProspectQuery {
  const q = text(form.q);
  const common = { ...(q ? { q } : {}) };
  const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  switch (form.list) {
    case 'people':
      return defined({
        list: 'people',
        ...common,
        contactType: form.contactType || undefined,
        roles: some(splitValues(form.roles)),
        channels: some(splitValues(form.channels)),
        sort: sortOf<PeopleSort>('people', form.sort),
      });
    case 'projects':
      return defined({
        list: 'projects',
        ...common,
        sectors: some(splitValues(form.sectors)),
        token: form.token || undefined,
        sort: sortOf<CompanySort>('projects', form.sort),
      });
    case 'investors':
      return defined({
        list: 'investors',
        ...common,
        fundType: text(form.fundType),
        trustTier: text(form.trustTier),
        sort: sortOf<InvestorSort>('investors', form.sort),
      });
    case 'services':
      return defined({
        list: 'services',
        ...common,
        sectors: some(splitValues(form.sectors)),
        sort: sortOf<CompanySort>('services', form.sort),
      });
  }
}

/*
 * Finding a lead's contact in HubSpot (issue 39): one search per lead, a filter group (OR'ed, 5 at most)
 * each for the extension's id, email, LinkedIn URL, X handle and name + company. An identifier match is
 * this person; exact name + company matches are candidates for the rep. Kept ids are read by id first
 * (HubSpot's search lags writes, ids do not). The "In HubSpot" marks batch their search.
 */
import type { ExportContact } from '@/lib/leads/export/contact';
import type { CrmPerson, CrmResult } from '../crm';
import type { HubSpotClient } from './client';
import { HUBSPOT_BATCH_MAX } from './paths';
import { DIRECTORY_ID_PROPERTY, identifierMatch, LINKEDIN_PROPERTY, sameNameAndCompany, type CustomProperties } from './properties';
import type { HubSpotObjectRecord } from './schemas';

export const chunks = <T>(items: readonly T[], size = HUBSPOT_BATCH_MAX): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
export const personIds = (items: readonly { personId: string }[]) => items.map((i) => i.personId);

/** A person as searched: identifiers, and the name and company a teammate's contact may carry alone. */
export type Searched = CrmPerson & Pick<ExportContact, 'firstName' | 'lastName' | 'companyName'>;

/** What HubSpot holds that may be this person. */
export type Found =
  { kind: 'identifier'; record: HubSpotObjectRecord } | { kind: 'name'; records: HubSpotObjectRecord[] } | { kind: 'none' };

/** Both spellings of a profile URL (with and without the trailing slash): EQ/IN compare whole values. */
const linkedinSpellings = (url: string) => {
  const bare = url.replace(/\/+$/, '');
  return [bare, `${bare}/`];
};
/** IN on a text property takes lower-case values ("Search › Filter search results": string values must be lowercase). */
const lower = (values: readonly string[]) => [...new Set(values.map((v) => v.toLowerCase()))];

type Filter = { propertyName: string; operator: 'EQ' | 'IN'; value?: string; values?: string[] };

/** One lead's search: one filter group per thing it can be known by. */
export function searchGroups(p: Searched, custom: CustomProperties): { filters: Filter[] }[] {
  const groups: Filter[][] = [];
  if (custom.directoryId) groups.push([{ propertyName: DIRECTORY_ID_PROPERTY, operator: 'EQ', value: p.personId }]);
  if (p.email) groups.push([{ propertyName: 'email', operator: 'EQ', value: p.email }]);
  if (p.linkedinUrl && custom.linkedinUrl)
    groups.push([{ propertyName: LINKEDIN_PROPERTY, operator: 'IN', values: lower(linkedinSpellings(p.linkedinUrl)) }]);
  if (p.xHandle) groups.push([{ propertyName: 'twitterhandle', operator: 'IN', values: lower([p.xHandle, `@${p.xHandle}`]) }]);
  // Name alone is too weak: only with a company (HubSpot's `company` text property).
  if (p.companyName && p.lastName)
    groups.push([
      ...(p.firstName ? [{ propertyName: 'firstname', operator: 'EQ' as const, value: p.firstName }] : []),
      { propertyName: 'lastname', operator: 'EQ', value: p.lastName },
      { propertyName: 'company', operator: 'EQ', value: p.companyName },
    ]);
  return groups.map((filters) => ({ filters }));
}

/** The answer that is this person by the strongest identifier (the first of equals), if any. */
function byIdentifier(p: CrmPerson, results: readonly HubSpotObjectRecord[]): HubSpotObjectRecord | undefined {
  let best: { record: HubSpotObjectRecord; score: number } | null = null;
  for (const record of results) {
    const score = identifierMatch(p, record.properties);
    if (score > 0 && (!best || score > best.score)) best = { record, score };
  }
  return best?.record;
}

/** The best of a search's answers for a person: the strongest identifier match, else the exact name + company ones. */
export function pickFound(p: Searched, results: readonly HubSpotObjectRecord[]): Found {
  const record = byIdentifier(p, results);
  if (record) return { kind: 'identifier', record };
  const named = results.filter((r) => sameNameAndCompany(p, r.properties));
  return named.length ? { kind: 'name', records: named } : { kind: 'none' };
}

/** HubSpot's contacts, searched for the leads: each read and search asks for `properties`. */
export function contactFinder(api: HubSpotClient, custom: CustomProperties, properties: string[]) {
  /** Contacts by id (a deleted one is simply absent). */
  async function byIds(ids: readonly string[]): Promise<CrmResult<Map<string, HubSpotObjectRecord>>> {
    const found = new Map<string, HubSpotObjectRecord>();
    for (const group of chunks([...new Set(ids)])) {
      const out = await api.read(group, properties);
      if (!out.ok) return out;
      for (const r of out.data.results) found.set(r.id, r);
    }
    return { ok: true, value: found };
  }

  /** One search per person (HubSpot's search limit paces them): what may be each. */
  async function find(people: readonly Searched[]): Promise<CrmResult<Map<string, Found>>> {
    const found = new Map<string, Found>();
    for (const p of people) {
      const filterGroups = searchGroups(p, custom);
      if (filterGroups.length === 0) {
        found.set(p.personId, { kind: 'none' });
        continue;
      }
      const out = await api.search('contacts', { filterGroups, properties, limit: 20 });
      if (!out.ok) return out;
      found.set(p.personId, pickFound(p, out.data.results));
    }
    return { ok: true, value: found };
  }

  /**
   * The "In HubSpot" marks: one search per 50 people (a LinkedIn URL is two values; an IN filter takes 100),
   * each identifier IN its values, matched back by identifier.
   */
  async function marks(people: readonly CrmPerson[]): Promise<CrmResult<Map<string, HubSpotObjectRecord>>> {
    const found = new Map<string, HubSpotObjectRecord>();
    const identifiers: [boolean, string, (p: CrmPerson) => string[]][] = [
      [custom.directoryId, DIRECTORY_ID_PROPERTY, (p) => [p.personId]],
      [true, 'email', (p) => (p.email ? [p.email] : [])],
      [custom.linkedinUrl, LINKEDIN_PROPERTY, (p) => (p.linkedinUrl ? linkedinSpellings(p.linkedinUrl) : [])],
      [true, 'twitterhandle', (p) => (p.xHandle ? [p.xHandle] : [])],
    ];
    for (const group of chunks(people, HUBSPOT_BATCH_MAX / 2)) {
      const filterGroups = identifiers.flatMap(([asked, propertyName, pick]) => {
        const values = lower(group.flatMap(pick));
        return asked && values.length ? [{ filters: [{ propertyName, operator: 'IN', values }] }] : [];
      });
      if (filterGroups.length === 0) continue;
      const out = await api.search('contacts', { filterGroups, properties, limit: 200 });
      if (!out.ok) return out;
      for (const person of group) {
        const match = byIdentifier(person, out.data.results);
        if (match) found.set(person.personId, match);
      }
    }
    return { ok: true, value: found };
  }

  return { byIds, find, marks };
}

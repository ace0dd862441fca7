import { describe, expect, it } from 'vitest';
import { PersonSchema, ProjectSchema, type Person, type Project } from '@/lib/api/schemas';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import {
  identitiesOf,
  KnownIndex,
  knownWords,
  matchKnown,
  possessive,
  recordsOfAnswer,
  type KnownEntry,
  type KnownHow,
  type KnownSource,
} from './known-records';

const harbor = ProjectSchema.parse({
  id: 'c1',
  name: 'Harborline',
  twitterHandle: 'HarborlineXYZ',
  linkedinUrl: 'https://www.linkedin.com/company/harborline',
});
const sentinel = ProjectSchema.parse({ id: 'c2', name: 'Sentinel Audits', twitterHandle: 'SentinelAudits', linkedinUrl: null });
const fund = ProjectSchema.parse({ id: 'c3', name: 'Meridian Ventures', companyType: 'investor', twitterHandle: 'MeridianVC' });
const okafor1 = PersonSchema.parse({ id: 'p1', firstName: 'Daniel', lastName: 'Okafor', twitterHandle: 'DanielOkafor', company: harbor });
const okafor2 = PersonSchema.parse({ id: 'p2', firstName: 'Daniel', lastName: 'Okafor', twitterHandle: 'dokafor_sec', company: sentinel });
const noCompany = PersonSchema.parse({ id: 'p3', firstName: 'Mei', lastName: 'Tanaka', twitterHandle: 'meitanaka_bd', company: null });

const x = (handle: string): DetectedProfile => ({ site: 'x', handle, key: `x:${handle.toLowerCase()}`, url: '' });
const inPerson = (slug: string): DetectedProfile => ({ site: 'linkedin', kind: 'person', slug, key: `li:in:${slug}`, url: '' });
const inCompany = (slug: string): DetectedProfile => ({ site: 'linkedin', kind: 'company', slug, key: `li:company:${slug}`, url: '' });
const always = () => true;

function indexOf(people: Person[], orgs: Project[] = []): KnownIndex {
  const index = new KnownIndex();
  const source = { how: 'search', q: 'test', at: 1 } as const;
  for (const record of people) index.add({ kind: 'person', record, source }, 1, 100);
  for (const record of orgs) index.add({ kind: 'organization', record, source }, 1, 100);
  return index;
}

function summary(index: KnownIndex, profile: DetectedProfile, hints: PageHints = {}, exclude?: string): string {
  const m = matchKnown(index, profile, hints, always, exclude);
  return m ? `${m.person?.id ?? '-'} ${m.organization?.id ?? '-'} on ${m.on}` : 'none';
}

describe('matchKnown', () => {
  const index = indexOf([okafor1, okafor2, noCompany], [harbor, sentinel, fund]);
  it.each<[string, DetectedProfile, PageHints, string, string?]>([
    ['a person by X handle, any case', x('danielokafor'), {}, 'p1 - on x-handle'],
    ['an organisation by X handle', x('meridianvc'), {}, '- c3 on x-handle'],
    ['an unknown handle', x('nobody'), {}, 'none'],
    ['an organisation by LinkedIn company slug', inCompany('harborline'), { name: 'Something' }, '- c1 on linkedin-company'],
    [
      'an organisation without a LinkedIn URL is not found by name alone',
      inCompany('sentinel-audits'),
      { name: 'Sentinel Audits' },
      'none',
    ],
    [
      'same name at the page’s current company → that one',
      inPerson('a'),
      { name: 'Daniel Okafor', company: 'Harborline' },
      'p1 - on name-company',
    ],
    [
      'the other one at the other company',
      inPerson('b'),
      { name: 'Dr. Daniel Okafor 🚀', company: 'SENTINEL AUDITS' },
      'p2 - on name-company',
    ],
    ['name alone never matches', inPerson('a'), { name: 'Daniel Okafor' }, 'none'],
    ['name with a headline only never matches', inPerson('a'), { name: 'Daniel Okafor', headline: 'Growth at Harborline' }, 'none'],
    ['name at a company neither works at', inPerson('a'), { name: 'Daniel Okafor', company: 'Nimbus Exchange' }, 'none'],
    ['a person with no company on record cannot be matched by name', inPerson('m'), { name: 'Mei Tanaka', company: 'Harborline' }, 'none'],
    ['a record the user rejected is never matched', x('DanielOkafor'), {}, 'none', 'p1'],
  ])('%s', (_label, profile, hints, expected, exclude) => {
    expect(summary(index, profile, hints, exclude)).toBe(expected);
  });

  it('two records on one identity are no match (never a guess)', () => {
    const twin = PersonSchema.parse({ ...okafor1, id: 'p9', twitterHandle: 'other' });
    const both = indexOf([okafor1, twin]);
    expect(summary(both, inPerson('a'), { name: 'Daniel Okafor', company: 'Harborline' })).toBe('none');
    expect(summary(both, x('DanielOkafor'))).toBe('p1 - on x-handle');
  });

  it('a LinkedIn person whose name only one record has is still no match without the page’s current company', () => {
    const one = indexOf([okafor1], [harbor]);
    expect(summary(one, inPerson('a'), { name: 'Daniel Okafor' })).toBe('none');
    expect(summary(one, inPerson('a'), { name: 'Daniel Okafor', headline: 'Head of Growth at Harborline' })).toBe('none');
    expect(summary(one, inPerson('a'), { name: 'Daniel Okafor', company: 'Harborline' })).toBe('p1 - on name-company');
  });

  describe('by the X account id the page shows', () => {
    const ID = '1496213456789012480';
    const bound = () => {
      const idx = indexOf([okafor1, okafor2], [fund]);
      idx.bindX('p:p1', { id: ID, handles: [{ handle: 'DanielOkafor', at: 1 }] });
      return idx;
    };
    it.each<[string, DetectedProfile, PageHints, string, string?]>([
      ['a renamed account: its record under the new handle', x('okafor_eth'), { xId: ID }, 'p1 - on x-id'],
      ['the id wins over another record listed under the handle', x('dokafor_sec'), { xId: ID }, 'p1 - on x-id'],
      ['an id never seen: the handle as before', x('dokafor_sec'), { xId: '44196397' }, 'p2 - on x-handle'],
      ['no id on the page: the handle as before', x('DanielOkafor'), {}, 'p1 - on x-handle'],
      ['a rejected record is not matched by its id either', x('okafor_eth'), { xId: ID }, 'none', 'p1'],
    ])('%s', (_label, profile, hints, expected, exclude) => {
      expect(summary(bound(), profile, hints, exclude)).toBe(expected);
    });

    it('past its lifetime a record is still found by its id (the card dates it), not by its handle', () => {
      const old = (e: KnownEntry) => e.expiresAt > 200;
      expect(matchKnown(bound(), x('okafor_eth'), { xId: ID }, old)?.person?.id).toBe('p1');
      expect(matchKnown(bound(), x('DanielOkafor'), {}, old)).toBeNull();
    });

    it('a later answer for the record keeps its X account', () => {
      const idx = bound();
      idx.add({ kind: 'person', record: okafor1, source: { how: 'search', q: 'again', at: 5 } }, 5, 500);
      expect(idx.entries.get('p:p1')?.x?.id).toBe(ID);
      expect(identitiesOf(idx.entries.get('p:p1')!)).toContain(`xid:${ID}`);
    });
  });

  it('only live entries answer', () => {
    const idx = indexOf([okafor1]);
    expect(matchKnown(idx, x('DanielOkafor'), {}, (e: KnownEntry) => e.expiresAt > 200)).toBeNull();
  });
});

describe('recordsOfAnswer', () => {
  it.each<[string, string, unknown, string[]]>([
    [
      'search rows, nested companies and projects',
      'search:okafor',
      { q: 'Okafor', people: [okafor1], projects: [fund] },
      ['person p1 from a lookup of “Okafor”', 'organization c1 from a lookup of “Okafor”', 'organization c3 from a lookup of “Okafor”'],
    ],
    [
      'a team: members take the team’s company',
      'project:c1',
      { project: harbor, team: [{ ...noCompany, company: null }] },
      ["organization c1 from Harborline's page", "person p3 from Harborline's team"],
    ],
    [
      'a fund: team and portfolio companies',
      'investor:c3',
      { investor: fund, team: [], portfolio: [{ company: harbor }, { company: 'Just a name' }] },
      ["organization c3 from Meridian Ventures' page", "organization c1 from Meridian Ventures' portfolio"],
    ],
    [
      'a person read: the person and their coworkers',
      'person:p1',
      { person: okafor1, coworkers: [noCompany] },
      [
        "person p1 from Daniel Okafor's profile",
        "organization c1 from Daniel Okafor's profile",
        "person p3 from Daniel Okafor's coworkers",
        "organization c1 from Daniel Okafor's coworkers",
      ],
    ],
    ['an unknown answer gives nothing', 'reveal:p1', { person: okafor1 }, []],
    ['nothing at all gives nothing', 'search:x', null, []],
    [
      'a people list page (prospect search): each person and their company',
      'people:q=okafor&roles=bd&sort=recent&page=2&limit=100',
      { rows: [okafor1, noCompany], total: 2, page: 2, totalPages: 1, facets: { roles: [], channels: [] } },
      [
        'person p1 from your people search for “okafor”',
        'organization c1 from your people search for “okafor”',
        'person p3 from your people search for “okafor”',
      ],
    ],
    [
      'a fund list page, no words',
      'investors:sort=portfolio&page=1&limit=100',
      { rows: [fund] },
      ['organization c3 from your fund search'],
    ],
    [
      'a project list page',
      'projects:q=harbor%20line&sort=recent&page=1&limit=100',
      { rows: [harbor] },
      ['organization c1 from your project search for “harbor line”'],
    ],
    [
      'a service-provider list page',
      'services:sector=Audit&sort=name&page=1&limit=100',
      { rows: [sentinel] },
      ['organization c2 from your service-provider search'],
    ],
    ['a list answer without rows', 'people:sort=recent&page=1&limit=100', { total: 0 }, []],
  ])('%s', (_label, key, data, expected) => {
    expect(recordsOfAnswer(key, data, 5).map((r) => `${r.kind} ${r.record.id} ${knownWords(r.source)}`)).toEqual(expected);
  });

  it.each<[string, KnownHow, string]>([
    ['the automatic lookup of an X profile', { how: 'looked-up', site: 'x' }, 'looked up on X'],
    ['the automatic lookup of a LinkedIn profile', { how: 'looked-up', site: 'linkedin' }, 'looked up on LinkedIn'],
    ['a search the rep typed', { how: 'searched', q: 'adaquant' }, 'from your search for “adaquant”'],
  ])('a search answer asked by %s: "%s"', (_label, asked, words) => {
    const recs = recordsOfAnswer('search:adaquant', { q: 'adaquant', people: [okafor1], projects: [] }, 5, asked);
    expect(recs.map((r) => `${knownWords(r.source)} ${r.source.at}`)).toEqual([`${words} 5`, `${words} 5`]);
  });

  it('a team member’s name + company identity comes from the team’s organisation', () => {
    const [, member] = recordsOfAnswer('project:c1', { project: harbor, team: [noCompany] }, 5);
    expect(identitiesOf(member!)).toEqual(['x:meitanaka_bd', 'name:mei tanaka|harborline']);
  });
});

describe('KnownIndex', () => {
  it('a later answer fills in what an earlier one left out, and re-indexes the record', () => {
    const index = indexOf([], [ProjectSchema.parse({ id: 'c3', name: 'Meridian Ventures', twitterHandle: null })]);
    index.add({ kind: 'organization', record: { ...fund, fundType: 'vc' }, source: { how: 'page', of: 'later', at: 2 } }, 2, 100);
    const hit = matchKnown(index, x('MeridianVC'), {}, always);
    expect(hit?.organization).toMatchObject({ id: 'c3', fundType: 'vc', companyType: 'investor' });
    expect(hit?.source).toEqual({ how: 'page', of: 'later', at: 2 });
  });

  it('drops records without an id; overflow names the oldest first', () => {
    const index = indexOf([okafor1, okafor2]);
    expect(index.add({ kind: 'person', record: { ...okafor1, id: '' }, source: { how: 'search', q: '', at: 0 } }, 1, 2)).toBeNull();
    expect(index.overflow(1)).toEqual(['p:p1']);
    expect(index.overflow(5)).toEqual([]);
  });

  it.each<[string, KnownSource, string]>([
    ['the lookup of an X profile on screen', { how: 'looked-up', site: 'x', at: 1 }, 'looked up on X'],
    ['the rep’s search from the popup or the panel', { how: 'searched', q: 'adaquant', at: 1 }, 'from your search for “adaquant”'],
    ['the rep’s people search', { how: 'searched', list: 'people', q: 'bd lead', at: 1 }, 'from your people search for “bd lead”'],
    ['the rep’s fund search without words', { how: 'searched', list: 'investors', q: '', at: 1 }, 'from your fund search'],
    ['a search nobody said who asked for', { how: 'search', q: 'adaquant', at: 1 }, 'from a lookup of “adaquant”'],
    ['a team loaded', { how: 'team', of: 'Lumen Labs', at: 1 }, "from Lumen Labs' team"],
    ['a fund’s portfolio', { how: 'portfolio', of: 'Meridian Ventures', at: 1 }, "from Meridian Ventures' portfolio"],
    ['a person’s coworkers', { how: 'coworkers', of: 'Ada Lindqvist', at: 1 }, "from Ada Lindqvist's coworkers"],
    ['a saved lead’s record, found by its X account', { how: 'saved', at: 1 }, 'from your saved lead'],
    // Rows stored before `how` was kept: their label read as it was, except the search that may not have been the rep's.
    ['an older row’s search (rep or automatic?)', { label: 'a search for “adaquant”', at: 1 }, 'from a lookup of “adaquant”'],
    ['an older row’s team', { label: "Lumen Labs' team", at: 1 }, "from Lumen Labs' team"],
    ['an older row’s prospect search', { label: 'your people search for “a”', at: 1 }, 'from your people search for “a”'],
  ])('knownWords: %s', (_label, source, words) => {
    expect(knownWords(source)).toBe(words);
  });

  it.each([
    ['Meridian Ventures', "Meridian Ventures'"],
    ['Lumen Labs', "Lumen Labs'"],
    ['Ada Lindqvist', "Ada Lindqvist's"],
  ])('possessive(%s) = %s', (name, expected) => {
    expect(possessive(name)).toBe(expected);
  });
});

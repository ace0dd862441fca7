import { describe, expect, it } from 'vitest';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { aLead } from '@/tests/support/a-lead';
import { aProject } from '@/tests/support/records';
import type { Lead } from './lead';
import {
  filterFromSearch,
  filterLeads,
  foldForSearch,
  indexLeads,
  leadTags,
  NO_FILTER,
  sortLeads,
  type LeadFilter,
  type LeadSort,
} from './lead-query';

const today = '2026-11-26';
const note = (text: string, at = 1) => ({ id: `n${at}`, at, text });

const ada = aLead(
  { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', twitterHandle: 'AdaQuant' },
  { tags: ['DeFi', 'Berlin'], notes: [note('Met at Token2049, wants a demo')], updatedAt: 30, savedAt: 10, followUpOn: '2026-11-26' },
);
const jurgen = aLead(
  { id: 'per_jurgen', firstName: 'Jürgen', lastName: 'Müller', twitterHandle: 'jmueller', company: aProject({ name: 'Ærø Capital' }) },
  { status: 'contacted', tags: ['fund'], updatedAt: 20, savedAt: 30, followUpOn: '2026-11-20' },
);
const zoe = aLead(
  { id: 'per_zoe', firstName: 'Zoë', lastName: 'Ølstad', twitterHandle: null, company: null },
  { status: 'do-not-contact', updatedAt: 10, savedAt: 20, followUpOn: '2026-11-01' },
);
const bo = aLead(
  { id: 'per_bo', firstName: 'Bo', lastName: 'Berg', twitterHandle: 'bo_b', company: aProject({ name: 'Acme Labs' }) },
  { status: 'contacted', tags: ['defi'], updatedAt: 40, savedAt: 40, followUpOn: '2026-12-01' },
);
const all: Lead[] = [ada, jurgen, zoe, bo];

const revealed: Record<string, ContactChannelId[]> = { per_ada: ['email'], per_bo: ['telegram', 'email'] };
const ctx = { today, revealed: (id: string) => new Set(revealed[id] ?? []) };
const ids = (leads: Lead[]) => leads.map((l) => l.personId);
const run = (filter: Partial<LeadFilter>, sort: LeadSort = 'name') =>
  ids(filterLeads(sortLeads(indexLeads(all), sort), { ...NO_FILTER, ...filter }, ctx));

describe('Search leads', () => {
  it.each([
    ['', ['per_ada', 'per_bo', 'per_jurgen', 'per_zoe']],
    ['ADA', ['per_ada']],
    ['jurgen muller', ['per_jurgen']],
    ['Jürgen', ['per_jurgen']],
    ['aero capital', ['per_jurgen']],
    ['zoe olstad', ['per_zoe']],
    ['@adaquant', ['per_ada']],
    ['jmueller', ['per_jurgen']],
    ['defi', ['per_ada', 'per_bo']],
    ['token2049', ['per_ada']],
    ['demo ada', ['per_ada']],
    ['acme', ['per_bo']],
    ['  bo   acme ', ['per_bo']],
    ['nobody', []],
    // One word never spans two fields (name "Ada" + tag "DeFi" is not "adadefi").
    ['lindqvistdefi', []],
  ])('"%s" matches %j', (text, expected) => {
    expect(run({ text })).toEqual(expected);
  });
});

describe('filters', () => {
  it.each<[string, Partial<LeadFilter>, string[]]>([
    ['status Contacted', { status: 'contacted' }, ['per_bo', 'per_jurgen']],
    ['status Do not contact', { status: 'do-not-contact' }, ['per_zoe']],
    ['tag, any case', { tag: 'DEFI' }, ['per_ada', 'per_bo']],
    ['email revealed (any account)', { channel: 'email' }, ['per_ada', 'per_bo']],
    ['telegram revealed', { channel: 'telegram' }, ['per_bo']],
    ['phone revealed', { channel: 'phone' }, []],
    // Due today or earlier; "Do not contact" is never due; December is not due yet.
    ['follow-up due', { due: true }, ['per_ada', 'per_jurgen']],
    ['due and a search', { due: true, text: 'ada' }, ['per_ada']],
    ['status and tag', { status: 'contacted', tag: 'defi' }, ['per_bo']],
  ])('%s', (_label, filter, expected) => {
    expect(run(filter)).toEqual(expected);
  });
});

describe('sort', () => {
  it.each<[LeadSort, string[]]>([
    ['activity', ['per_bo', 'per_ada', 'per_jurgen', 'per_zoe']],
    ['name', ['per_ada', 'per_bo', 'per_jurgen', 'per_zoe']],
    // Folded: "Ærø Capital" sorts as "aero capital", between Acme Labs and QuantLayer (Ada's); no company goes last.
    ['company', ['per_bo', 'per_jurgen', 'per_ada', 'per_zoe']],
    ['follow-up', ['per_zoe', 'per_jurgen', 'per_ada', 'per_bo']],
    ['saved', ['per_bo', 'per_jurgen', 'per_zoe', 'per_ada']],
  ])('%s', (sort, expected) => {
    expect(run({}, sort)).toEqual(expected);
  });
});

describe('helpers', () => {
  it.each([
    ['Jürgen MÜLLER', 'jurgen muller'],
    ['Ærøskøbing  Straße', 'aeroskobing strasse'],
    ['  Zoë\tŁódź ', 'zoe lodz'],
  ])('foldForSearch(%j) = %j', (input, expected) => {
    expect(foldForSearch(input)).toBe(expected);
  });

  it.each([
    ['?filter=due', true],
    ['?filter=due&x=1', true],
    ['?filter=other', false],
    ['', false],
  ])('filterFromSearch(%j).due = %s', (search, due) => {
    expect(filterFromSearch(search)).toEqual({ ...NO_FILTER, due });
  });

  it('lists every tag once, as first spelled, A→Z', () => {
    expect(leadTags(all)).toEqual(['Berlin', 'DeFi', 'fund']);
  });
});

import { describe, expect, it } from 'vitest';
import type { DetectedProfile } from '@/lib/profile/types';
import { lookupQuery, nameFromSlug } from './lookup-query';

const li = (slug: string): DetectedProfile => ({ site: 'linkedin', kind: 'person', slug, key: `li:in:${slug}`, url: '' });
const co = (slug: string): DetectedProfile => ({ site: 'linkedin', kind: 'company', slug, key: `li:company:${slug}`, url: '' });

describe('lookupQuery', () => {
  it('searches an X profile by its handle', () => {
    expect(lookupQuery({ site: 'x', handle: 'AdaQuant', key: 'x:adaquant', url: '' }, {})).toEqual({
      q: 'AdaQuant',
    });
  });
  it('searches a LinkedIn person by the cleaned page name, keeping accents in the query', () => {
    expect(lookupQuery(li('jm'), { name: 'Jürgen Müller 🚀' })).toEqual({ q: 'Jürgen Müller' });
  });
  it('waits for the name instead of paying for a guess', () => {
    expect(lookupQuery(li('jurgen-muller-1a2b3c'), {})).toEqual({ waitFor: 'name' });
    expect(lookupQuery(co('acme-labs'), {})).toEqual({ waitFor: 'name' });
  });
  it('falls back to the slug words once the page has shown no name', () => {
    expect(lookupQuery(li('jurgen-muller-1a2b3c'), {}, { nameTimedOut: true })).toEqual({
      q: 'jurgen muller',
    });
    expect(lookupQuery(co('acme-labs'), {}, { nameTimedOut: true })).toEqual({ q: 'acme labs' });
  });
  it.each([
    // A member-id URL or a Sales Navigator lead / account: the id is no name.
    [li('ACoAAAwyvpsBdVfk2kwZzamQtesKhd23iQB_i1w')],
    [li('ACwAAAbcdefGhijkLmnopQrstuVwxyz_AbCdEf')],
    [co('98765')],
  ])('never searches an id as a name (%j)', (profile) => {
    expect(lookupQuery(profile, {}, { nameTimedOut: true })).toEqual({ waitFor: 'name' });
  });
});

describe('nameFromSlug', () => {
  it.each([
    ['jurgen-muller-1a2b3c', 'jurgen muller'],
    ['adaquant', 'adaquant'],
    ['ada-quant-42', 'ada quant'],
    ['12345', ''],
    ['ACoAAAbcdefGhijkLmnopQrstuVwxyz_AbCdEf', ''],
  ])('%j → %j', (slug, expected) => {
    expect(nameFromSlug(slug)).toBe(expected);
  });
});

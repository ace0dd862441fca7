import { describe, expect, it } from 'vitest';
import { lookupQuery } from '@/lib/lookup/lookup-query';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { DetectedProfile } from '@/lib/profile/types';
import {
  BROWSER_RESEND,
  investorCall,
  personCall,
  projectCall,
  revealCall,
  searchCall,
  serviceCall,
  type ApiCall,
  type Endpoint,
} from './calls';
import { normalizeQuery } from './normalize-query';

const NFD = (s: string) => s.normalize('NFD');

describe('the one cache-key rule: the query sent, normalised once', () => {
  it.each<[string, string, string]>([
    // [label, what one caller asked, what another asked] → one paid search
    ['case', 'AdaQuant', 'adaquant'],
    ['NFC and NFD spellings', 'Jürgen Müller', NFD('Jürgen Müller')],
    ['surrounding and repeated spaces', '  Jürgen   Müller ', 'Jürgen Müller'],
    ['tabs and no-break spaces', 'Jürgen\tMüller', 'Jürgen\u00a0Müller'],
    ['upper-case accented letters', 'JÜRGEN MÜLLER', 'jürgen müller'],
  ])('%s: one key', (_label, a, b) => {
    expect(searchCall(a).cacheKey).toBe(searchCall(b).cacheKey);
    expect(searchCall(a).path).toBe(searchCall(b).path);
  });

  it.each<[string, string, string]>([
    // Never looser than what was asked: one answer is never served for another question.
    ['diacritics', 'Jürgen Müller', 'Jurgen Muller'],
    ['ß and ss', 'Strauß', 'Strauss'],
    ['word order', 'Ada Lindqvist', 'Lindqvist Ada'],
    ['punctuation', "O'Neil", 'ONeil'],
  ])('%s: two keys', (_label, a, b) => {
    expect(searchCall(a).cacheKey).not.toBe(searchCall(b).cacheKey);
  });

  it.each<[string, string, Record<string, string>, string]>([
    // [label, page URL, page hints, what the popup's search box held] → the same paid answer
    ['an X profile and a popup search for its handle', 'https://x.com/AdaQuant', {}, 'adaquant'],
    [
      'a LinkedIn page (decorated NFD name) and a popup search for the name',
      'https://www.linkedin.com/in/juergen-mueller/',
      { name: `${NFD('Jürgen Müller')} (he/him) 🚀` },
      'Jürgen Müller',
    ],
  ])('every caller derives the same key: %s', (_label, url, hints, popup) => {
    const q = lookupQuery(parseProfileUrl(url) as DetectedProfile, hints);
    if ('waitFor' in q) throw new Error('no query');
    expect(searchCall(q.q).cacheKey).toBe(searchCall(popup).cacheKey);
  });

  it.each(['', '   ', '\n\t'])('a blank query %j is refused before sending (no path, no key)', (q) => {
    expect(searchCall(q)).toMatchObject({ path: null, cacheKey: null, invalid: expect.any(String) });
  });

  it('normalizeQuery reads only strings', () => {
    expect(normalizeQuery(undefined)).toBe('');
    expect(normalizeQuery(42)).toBe('');
  });
});

describe('each call declares its price, cache key, resend rule and browser-resend cost', () => {
  it.each<[string, ApiCall<unknown>, Endpoint, string | null, 'once' | 'never']>([
    ['search', searchCall('Ada'), 'search', 'search:ada', 'once'],
    ['person', personCall('per_1'), 'person', 'person:per_1', 'once'],
    ['reveal', revealCall('per_1'), 'reveal', null, 'never'],
    ['project', projectCall('quantlayer'), 'project', 'project:quantlayer', 'once'],
    ['investor', investorCall('meridian'), 'investor', 'investor:meridian', 'once'],
    ['service', serviceCall('sentinel'), 'service', 'service:sentinel', 'once'],
  ])('%s', (_label, call, endpoint, cacheKey, resend) => {
    expect(call).toMatchObject({ endpoint, cacheKey, resend });
  });

  it('a reveal resent by the browser re-reads a contact unlocked by then: a data call', () => {
    expect(BROWSER_RESEND.reveal).toBe('person');
    expect(revealCall('per_1').path).toBe('/v1/people/per_1?include=private');
  });

  it.each(['', '..', '.'])('an id %j that names no record is refused before sending', (id) => {
    expect(personCall(id)).toMatchObject({ path: null, cacheKey: null });
  });
});

import { describe, expect, it } from 'vitest';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { companyAgreement, linkedinCompanySlug, matchProfile, type OrganizationLike, type PersonLike } from './match-profile';

const acme = { id: 'c1', name: 'Acme Labs', twitterHandle: 'acmelabs', linkedinUrl: 'https://www.linkedin.com/company/acme-labs' };
const zeta = { id: 'c2', name: 'Zeta Capital', twitterHandle: 'ZetaCap', linkedinUrl: null };
const ada = { id: 'p1', firstName: 'Ada', lastName: 'Quant', twitterHandle: 'AdaQuant', company: acme };
const maria1 = { id: 'p2', firstName: 'María', lastName: 'García', twitterHandle: 'mgarcia', company: acme };
const maria2 = { id: 'p3', firstName: 'Maria', lastName: 'Garcia', twitterHandle: 'mariag', company: zeta };
const noHandle = { id: 'p4', firstName: 'Ada', lastName: 'Quantum', twitterHandle: null, company: null };

const x = (handle: string): DetectedProfile => ({ site: 'x', handle, key: `x:${handle.toLowerCase()}`, url: `https://x.com/${handle}` });
const inPerson = (slug: string): DetectedProfile => ({ site: 'linkedin', kind: 'person', slug, key: `li:in:${slug}`, url: '' });
const inCompany = (slug: string): DetectedProfile => ({ site: 'linkedin', kind: 'company', slug, key: `li:company:${slug}`, url: '' });

const rows = { people: [ada, maria1, maria2, noHandle] as PersonLike[], projects: [acme, zeta] as OrganizationLike[] };

const fullNameOf = (p: PersonLike) => `${p.firstName} ${p.lastName}`;

function summary(profile: DetectedProfile, hints: PageHints, r = rows) {
  const out = matchProfile(profile, hints, r);
  if (out.kind === 'matched') return `matched ${out.person?.id ?? '-'} ${out.organization?.id ?? '-'} on ${out.on}`;
  if (out.kind === 'candidates') return `candidates ${[...out.people, ...out.organizations].map((c) => c.id).join(',')}`;
  return out.kind;
}

describe('matchProfile', () => {
  it.each<[string, DetectedProfile, PageHints, string, typeof rows?]>([
    ['X handle equals a person handle, any case', x('adaquant'), {}, 'matched p1 - on x-handle'],
    ['X handle as written on the page', x('AdaQuant'), {}, 'matched p1 - on x-handle'],
    ['X handle of a project', x('acmeLABS'), {}, 'matched - c1 on x-handle'],
    ['X handle of a fund written in another case', x('zetacap'), {}, 'matched - c2 on x-handle'],
    ['X handle that only prefixes a record is no match', x('ada'), {}, 'not-found'],
    ['X handle nobody has', x('nobody_here'), {}, 'not-found'],
    [
      'LinkedIn person by exact name, with the company',
      inPerson('ada-quant-1a'),
      { name: 'Ada Quant', company: 'Acme Labs' },
      'matched p1 - on name-company',
    ],
    [
      'LinkedIn name with emoji and credentials, with the company',
      inPerson('ada'),
      { name: 'Dr. Ada Quant, PhD 🚀', company: 'Acme Labs' },
      'matched p1 - on name-company',
    ],
    ['LinkedIn name that is a prefix of another: that one only, still a choice', inPerson('ada'), { name: 'Ada Quantum' }, 'candidates p4'],
    ['two people with the same folded name → candidates', inPerson('maria'), { name: 'Maria Garcia' }, 'candidates p2,p3'],
    [
      'same name, one at the page’s current company → that one',
      inPerson('maria'),
      { name: 'María García', company: 'Zeta Capital' },
      'matched p3 - on name-company',
    ],
    [
      'same name, one at the headline’s company → that one',
      inPerson('maria'),
      { name: 'Maria Garcia', headline: 'Partner at Zeta Capital' },
      'matched p3 - on name-headline',
    ],
    [
      'same name, the page’s company is neither’s → candidates',
      inPerson('maria'),
      { name: 'Maria Garcia', company: 'Omega DAO' },
      'candidates p2,p3',
    ],
    [
      'same name, both at the page’s company → candidates',
      inPerson('maria'),
      { name: 'Maria Garcia', company: 'Acme Labs' },
      'candidates p2,p3',
      { people: [maria1, { ...maria2, company: acme }], projects: [] },
    ],
    [
      'one person by name, at the page’s current company',
      inPerson('ada'),
      { name: 'Ada Quant', company: 'Acme Labs' },
      'matched p1 - on name-company',
    ],
    [
      'one person by name, the page’s company differs → a choice, not a match',
      inPerson('ada'),
      { name: 'Ada Quant', company: 'Zeta Capital' },
      'candidates p1',
    ],
    ['LinkedIn person without a name hint', inPerson('ada'), {}, 'not-found'],
    ['LinkedIn person nobody has', inPerson('x'), { name: 'Grace Hopper' }, 'not-found'],
    ['LinkedIn company by its linkedinUrl slug', inCompany('acme-labs'), { name: 'Something Else' }, 'matched - c1 on linkedin-company'],
    ['LinkedIn company by exact name', inCompany('zeta'), { name: 'ZETA capital' }, 'matched - c2 on name'],
    ['LinkedIn company unknown', inCompany('nope'), { name: 'Nope Inc' }, 'not-found'],
  ])('%s', (_label, profile, hints, expected, r) => {
    expect(summary(profile, hints, r)).toBe(expected);
  });

  // The rule for LinkedIn people: the name finds the rows, only a company the page shows picks one.
  it.each<[string, PageHints, readonly PersonLike[], string]>([
    ['name only → candidates', { name: 'Ada Quant' }, [ada], 'candidates p1'],
    ['name only, headline without a company → candidates', { name: 'Ada Quant', headline: 'Founder & CEO' }, [ada], 'candidates p1'],
    ['name only, a row without a company → candidates', { name: 'Ada Quantum' }, [noHandle], 'candidates p4'],
    ['name + current company → matched', { name: 'Ada Quant', company: 'Acme Labs' }, [ada], 'matched p1 - on name-company'],
    ['name + headline company → matched', { name: 'Ada Quant', headline: 'CEO @ Acme Labs' }, [ada], 'matched p1 - on name-headline'],
    [
      'two same-name rows, one at the page’s company → that one',
      { name: 'Maria Garcia', company: 'Acme Labs' },
      [maria1, maria2],
      'matched p2 - on name-company',
    ],
    [
      'two same-name rows, one in the headline → that one',
      { name: 'Maria Garcia', headline: 'Partner, Zeta Capital' },
      [maria1, maria2],
      'matched p3 - on name-headline',
    ],
    ['two same-name rows, no company on the page → candidates', { name: 'Maria Garcia' }, [maria1, maria2], 'candidates p2,p3'],
  ])('LinkedIn person: %s', (_label, hints, people, expected) => {
    expect(summary(inPerson('someone'), hints, { people: [...people], projects: [acme, zeta] })).toBe(expected);
  });

  it('a LinkedIn person is never matched on name alone, whatever the rows', () => {
    for (const person of [ada, maria1, maria2, noHandle]) {
      const out = matchProfile(inPerson('p'), { name: fullNameOf(person) }, { people: [person], projects: [] });
      expect(out.kind).toBe('candidates');
    }
  });

  it('prefers the person when a handle is shared by a person and an organisation', () => {
    const r = { people: [ada], projects: [{ ...acme, twitterHandle: 'adaquant' }] };
    expect(summary(x('adaquant'), {}, r)).toBe('matched p1 - on x-handle');
  });

  it('two people claiming one handle are candidates, never a guess', () => {
    const r = { people: [ada, { ...maria1, twitterHandle: '@adaquant' }], projects: [] };
    expect(summary(x('AdaQuant'), {}, r)).toBe('candidates p1,p2');
  });
});

describe('linkedinCompanySlug', () => {
  it.each([
    ['https://www.linkedin.com/company/acme-labs', 'acme-labs'],
    ['https://www.linkedin.com/company/Acme-Labs/about/', 'acme-labs'],
    ['https://de.linkedin.com/company/m%C3%BCnchen-dao?trk=x', 'münchen-dao'],
    ['https://www.linkedin.com/school/mit/', 'mit'],
    ['https://www.linkedin.com/in/ada', null],
    [null, null],
  ])('%j → %j', (url, expected) => {
    expect(linkedinCompanySlug(url)).toBe(expected);
  });
});

describe('companyAgreement', () => {
  it.each<[PageHints, number]>([
    [{ company: 'Acme Labs' }, 2],
    [{ company: 'ACME LABS ' }, 2],
    [{ headline: 'CEO @ Acme Labs | ex-Google' }, 1],
    [{ headline: 'CEO at Acme Laboratories' }, 0],
    [{}, 0],
  ])('%j → %i', (hints, expected) => {
    expect(companyAgreement(ada, hints)).toBe(expected);
  });
});

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
    ['LinkedIn person by exact name', inPerson('ada-quant-1a'), { name: 'Ada Quant' }, 'matched p1 - on name'],
    ['LinkedIn name with emoji and credentials', inPerson('ada'), { name: 'Dr. Ada Quant, PhD 🚀' }, 'matched p1 - on name'],
    ['LinkedIn name that is a prefix of another', inPerson('ada'), { name: 'Ada Quantum' }, 'matched p4 - on name'],
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
      'one person by name, the page’s company differs: still the name only',
      inPerson('ada'),
      { name: 'Ada Quant', company: 'Zeta Capital' },
      'matched p1 - on name',
    ],
    ['LinkedIn person without a name hint', inPerson('ada'), {}, 'not-found'],
    ['LinkedIn person nobody has', inPerson('x'), { name: 'Grace Hopper' }, 'not-found'],
    ['LinkedIn company by its linkedinUrl slug', inCompany('acme-labs'), { name: 'Something Else' }, 'matched - c1 on linkedin-company'],
    ['LinkedIn company by exact name', inCompany('zeta'), { name: 'ZETA capital' }, 'matched - c2 on name'],
    ['LinkedIn company unknown', inCompany('nope'), { name: 'Nope Inc' }, 'not-found'],
  ])('%s', (_label, profile, hints, expected, r) => {
    expect(summary(profile, hints, r)).toBe(expected);
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

import { describe, expect, it } from 'vitest';
import { documentWithTitle, loadFixture } from './fixtures/load-fixture';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { linkedInHintsComplete, linkedinCompanyHints, linkedinPersonHints } from './linkedin-page-hints';
import { parseLinkedInUrl } from './parse-linkedin-url';
import type { LinkedInProfile } from './types';

await installHappyDom();

const JUERGEN = 'jürgen-müller-1a2b3c';

describe('linkedinPersonHints', () => {
  it.each([
    [
      'linkedin-person.html',
      JUERGEN,
      { name: 'Jürgen Müller', headline: 'CEO at Acme Labs | Building on Ethereum 🚀', company: 'Acme Labs' },
    ],
    [
      'linkedin-person.html',
      undefined,
      { name: 'Jürgen Müller', headline: 'CEO at Acme Labs | Building on Ethereum 🚀', company: 'Acme Labs' },
    ],
    ['linkedin-person-public.html', JUERGEN, { name: 'Jürgen Müller', headline: 'CEO bei Acme Labs', company: 'Acme Labs' }],
    ['linkedin-person-title-only.html', JUERGEN, { name: 'Jürgen Müller', headline: 'CEO', company: 'Acme' }],
    ['linkedin-empty.html', JUERGEN, {}],
    // Jane's top card and title are still on screen after navigating to Jürgen.
    ['linkedin-person-stale.html', JUERGEN, {}],
    // Without the slug nothing proves it stale.
    ['linkedin-person-stale.html', undefined, { name: 'Jane Doe', headline: 'Head of BD at Chainlink Labs' }],
  ])('%s (slug %s) → %j', (fixture, slug, expected) => {
    expect(linkedinPersonHints(loadFixture(fixture), slug)).toEqual(expected);
  });

  it.each([
    ['(3) Jürgen Müller | LinkedIn', { name: 'Jürgen Müller' }],
    // A lone second part could be the headline or the company: not guessed.
    ['Satya Nadella - Microsoft | LinkedIn', { name: 'Satya Nadella' }],
    [
      'Satya Nadella – Chairman and CEO – Microsoft | LinkedIn',
      { name: 'Satya Nadella', headline: 'Chairman and CEO', company: 'Microsoft' },
    ],
    ['Jürgen Müller – CEO – Acme | LinkedIn', { name: 'Jürgen Müller', headline: 'CEO', company: 'Acme' }],
    ['Experience | Jürgen Müller | LinkedIn', { name: 'Jürgen Müller' }],
    ['Jean-Pierre Dupont | LinkedIn', { name: 'Jean-Pierre Dupont' }],
    ['LinkedIn', {}],
    ['(3) My Network | LinkedIn', {}],
    ['Jürgen Müller', {}],
    ['', {}],
  ])('title %j → %j', (title, expected) => {
    const doc = documentWithTitle(title);
    expect(linkedinPersonHints(doc)).toEqual(expected);
  });

  it('prefers og:title over the document title', () => {
    const doc = documentWithTitle('LinkedIn');
    doc.head.insertAdjacentHTML('beforeend', '<meta property="og:title" content="Ana Lima | LinkedIn">');
    expect(linkedinPersonHints(doc, 'ana-lima')).toEqual({ name: 'Ana Lima' });
  });

  // A heading and a title naming different people: one of them is the previous page's (or the
  // heading is no name at all, as on LinkedIn's error pages), so neither is used.
  it('takes no name when the heading and the title disagree', () => {
    const doc = documentWithTitle('Jane Doe - Chainlink | LinkedIn');
    doc.body.innerHTML = '<main><h1>Jürgen Müller</h1></main>';
    expect(linkedinPersonHints(doc)).toEqual({});
  });

  it('takes the heading when it sits in a link to this member’s own pages', () => {
    const doc = documentWithTitle('Jane Doe - Chainlink | LinkedIn');
    doc.body.innerHTML = '<main><section><a href="/in/jurgen/overlay/about-this-profile/"><h1>Jürgen Müller</h1></a></section></main>';
    expect(linkedinPersonHints(doc, 'jurgen')).toEqual({ name: 'Jürgen Müller' });
  });

  it('falls back to the experience section for the company', () => {
    const doc = documentWithTitle('');
    doc.body.innerHTML =
      '<main><section><a href="/in/ana/overlay/about-this-profile/"><h1>Ana</h1></a></section><section><div id="experience"></div><a data-field="experience_company_logo"><img alt="Nubank logo"></a></section></main>';
    expect(linkedinPersonHints(doc, 'ana').company).toBe('Nubank');
  });

  it('skips a visually hidden h1', () => {
    const doc = documentWithTitle('');
    doc.body.innerHTML =
      '<h1 class="visually-hidden">LinkedIn navigation</h1><main><section><a href="/in/ana-lima/overlay/contact-info/">Contact</a><h1>Ana Lima</h1></section></main>';
    expect(linkedinPersonHints(doc, 'ana-lima')).toEqual({ name: 'Ana Lima' });
  });

  it('takes no name from a heading nothing backs (no title, no link to the member)', () => {
    const doc = documentWithTitle('');
    doc.body.innerHTML = '<main><section><h1>Your account has been temporarily restricted</h1></section></main>';
    expect(linkedinPersonHints(doc, 'ana-lima')).toEqual({});
  });
});

describe('linkedinCompanyHints', () => {
  it.each([
    ['linkedin-company.html', 'acme-labs', { name: 'Acme Labs' }],
    ['linkedin-company-public.html', 'acme-labs', { name: 'Acme Labs' }],
    ['linkedin-company-title-only.html', 'acme-labs', { name: 'Acme Labs' }],
    ['linkedin-empty.html', 'acme-labs', {}],
  ])('%s → %j', (fixture, slug, expected) => {
    expect(linkedinCompanyHints(loadFixture(fixture))).toEqual(expected);
  });

  it.each([
    ['Acme Labs | LinkedIn', { name: 'Acme Labs' }],
    ['(2) Acme Labs: Overview | LinkedIn', { name: 'Acme Labs' }],
    ['Star Wars: The Old Republic | LinkedIn', { name: 'Star Wars: The Old Republic' }],
    ['(5) Feed | LinkedIn', {}],
    ['Messaging | LinkedIn', {}],
    ['LinkedIn', {}],
  ])('title %j → %j', (title, expected) => {
    const doc = documentWithTitle(title);
    expect(linkedinCompanyHints(doc)).toEqual(expected);
  });
});

describe('linkedinPersonHints on minimal markup', () => {
  it('does not take a "Name - Headline" title for a company', () => {
    const doc = documentWithTitle('Ana Lima - Head of BD | LinkedIn');
    doc.body.innerHTML =
      '<main><section class="artdeco-card pv-top-card"><h1 class="text-heading-xlarge">Ana Lima</h1><div class="text-body-medium break-words">Head of BD</div></section></main>';
    expect(linkedinPersonHints(doc, 'ana-lima')).toEqual({ name: 'Ana Lima', headline: 'Head of BD' });
  });
});

describe('linkedInHintsComplete (when the content script stops watching the page)', () => {
  const person = parseLinkedInUrl('https://www.linkedin.com/in/ana-lima/') as LinkedInProfile;
  const company = parseLinkedInUrl('https://www.linkedin.com/company/acme/') as LinkedInProfile;
  it.each([
    [person, { name: 'Ana Lima', headline: 'Head of BD', company: 'Acme' }, true],
    [person, { name: 'Ana Lima', headline: 'Head of BD' }, false],
    [person, { headline: 'Head of BD', company: 'Acme' }, false],
    [company, { name: 'Acme' }, true],
    [company, {}, false],
  ])('%j with %j → %s', (profile, hints, complete) => {
    expect(linkedInHintsComplete(hints, profile)).toBe(complete);
  });
});

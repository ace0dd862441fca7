import { describe, expect, it } from 'vitest';
import { documentWithTitle, loadFixture } from './fixtures/load-fixture';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { xProfileHints } from './x-page-hints';

await installHappyDom();

describe('xProfileHints', () => {
  it.each([
    ['x-profile.html', 'VitalikButerin', { name: 'Vitalik Buterin' }],
    ['x-profile.html', 'vitalikbuterin', { name: 'Vitalik Buterin' }],
    ['x-profile-emoji.html', 'haydenzadams', { name: 'Hayden Adams 🦄' }],
    ['x-status.html', 'VitalikButerin', { name: 'Vitalik Buterin' }],
    ['x-status.html', 'replyguy', { name: 'Some Replier' }],
    ['x-title-only.html', 'VitalikButerin', { name: 'Vitalik Buterin' }],
    ['x-empty.html', 'VitalikButerin', {}],
    // A header and title still showing the previous profile are not this one's.
    ['x-stale.html', 'VitalikButerin', {}],
    ['x-profile.html', 'elonmusk', {}],
  ])('%s for @%s → %j', (fixture, handle, expected) => {
    expect(xProfileHints(loadFixture(fixture), handle)).toEqual(expected);
  });

  it.each([
    ['Vitalik Buterin (@VitalikButerin) / X', { name: 'Vitalik Buterin' }],
    ['(3) Vitalik Buterin (@VitalikButerin) / X', { name: 'Vitalik Buterin' }],
    ['(99+) vitalik.eth 🦇🔊 (@VitalikButerin) / X', { name: 'vitalik.eth 🦇🔊' }],
    ['Vitalik Buterin (@VitalikButerin) / Twitter', { name: 'Vitalik Buterin' }],
    ['Elon Musk (@elonmusk) / X', {}],
    ['Vitalik Buterin on X: "gm" / X', {}],
    ['Home / X', {}],
    ['X', {}],
    ['', {}],
  ])('title %j → %j', (title, expected) => {
    const doc = documentWithTitle(title);
    expect(xProfileHints(doc, 'VitalikButerin')).toEqual(expected);
  });

  it('ignores a wrapper that holds both the name and the handle', () => {
    const doc = documentWithTitle('');
    doc.body.innerHTML = '<div data-testid="UserName"><div dir="ltr"><span>Jack</span><span>@jack</span></div></div>';
    expect(xProfileHints(doc, 'jack')).toEqual({ name: 'Jack' });
  });
});

describe('xProfileHints on minimal markup', () => {
  it('reads a UserName block without dir attributes (e2e stand-in pages)', () => {
    const doc = documentWithTitle('Jack (@jack) / X');
    doc.body.innerHTML = '<main><div data-testid="UserName"><div><span>Jack Dorsey</span></div><div><span>@jack</span></div></div></main>';
    expect(xProfileHints(doc, 'JACK')).toEqual({ name: 'Jack Dorsey' });
  });
});

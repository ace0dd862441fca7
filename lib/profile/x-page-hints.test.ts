import { describe, expect, it } from 'vitest';
import { documentWithTitle, loadFixture } from './fixtures/load-fixture';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { xHintsComplete, xProfileHints, xUserId } from './x-page-hints';

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

describe('xUserId: the id on a follow control that names the account', () => {
  const control = (testId: string, label: string) => {
    const doc = documentWithTitle('');
    doc.body.innerHTML = `<main><button data-testid="${testId}" aria-label="${label}"><span>Follow</span></button></main>`;
    return doc;
  };
  it.each([
    ['44196397-follow', 'Follow @AdaQuant', '44196397'],
    ['44196397-unfollow', 'Following @adaquant', '44196397'],
    ['44196397-follow', 'Follow back @AdaQuant', '44196397'],
    ['44196397-follow', '@AdaQuantをフォロー', '44196397'],
    ['1761766475076132864-follow', 'Follow @AdaQuant', '1761766475076132864'],
    // Someone else's control: a suggestion, a handle that only starts the same, a stale header.
    ['44196397-follow', 'Follow @AdaQuant_eth', undefined],
    ['44196397-follow', 'Follow @elonmusk', undefined],
    // Not an id: a leading zero, more digits than a 64-bit id has, letters, another test id.
    ['0441-follow', 'Follow @AdaQuant', undefined],
    ['12345678901234567890-follow', 'Follow @AdaQuant', undefined],
    ['abc-follow', 'Follow @AdaQuant', undefined],
    ['confirmationSheetFollow', 'Follow @AdaQuant', undefined],
  ])('%s labelled %j → %s', (testId, label, expected) => {
    expect(xUserId(control(testId, label), 'AdaQuant')).toBe(expected);
  });

  it('passes over a suggestion before the header to the control naming the account', () => {
    const doc = documentWithTitle('');
    doc.body.innerHTML =
      '<aside><div data-testid="UserCell"><button data-testid="111-follow" aria-label="Follow @bob">Follow</button></div></aside>' +
      '<main><button data-testid="222-follow" aria-label="Follow @ada">Follow</button></main>';
    expect(xProfileHints(doc, 'ada')).toEqual({ xId: '222' });
  });
});

describe('xHintsComplete: named, and the id read or none to come', () => {
  it.each([
    // The header is drawn: its follow control, if any, with it (one's own profile has none).
    ['x-profile.html', { name: 'Vitalik Buterin' }, true],
    ['x-status.html', { name: 'Vitalik Buterin' }, true],
    // Named by the title alone: the header, and its id, may still come.
    ['x-title-only.html', { name: 'Vitalik Buterin' }, false],
    ['x-title-only.html', { name: 'Vitalik Buterin', xId: '295218901' }, true],
    // The previous profile's header names someone else.
    ['x-stale.html', { name: 'Vitalik Buterin' }, false],
    ['x-empty.html', {}, false],
  ])('%s with %j → %s', (fixture, hints, expected) => {
    expect(xHintsComplete(loadFixture(fixture), hints, 'VitalikButerin')).toBe(expected);
  });
});

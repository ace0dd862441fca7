import { describe, expect, it } from 'vitest';
import { MESSAGE_SCHEMAS } from './schemas';

// Every message that carries an X handle takes the one rule (lib/profile/sites.ts): a legacy handle
// (one character, or 16–20) is an account on screen and must not be refused; nothing longer exists.
describe('X handles in messages', () => {
  const report = (handle: string) => ({
    url: `https://x.com/${handle}`,
    profile: { site: 'x', handle, key: `x:${handle.toLowerCase()}`, url: `https://x.com/${handle}` },
    hints: {},
  });
  const row = (handle: string) => ({
    url: 'https://x.com/AdaQuant/followers',
    profile: null,
    hints: {},
    people: [{ name: 'Ada', handle }],
  });
  const marks = (xHandle: string) => ({ people: [{ personId: 'per_ada', xHandle }] });

  it.each([
    ['X', true],
    ['AdaQuant', true],
    ['abcdefghijklmnopqrst', true],
    ['abcdefghijklmnopqrstu', false],
    ['dot.ted', false],
    ['', false],
  ])('%j → accepted: %s', (handle, ok) => {
    expect(MESSAGE_SCHEMAS.reportProfile.safeParse(report(handle)).success).toBe(ok);
    expect(MESSAGE_SCHEMAS.reportProfile.safeParse(row(handle)).success).toBe(ok);
    expect(MESSAGE_SCHEMAS.hubspotMarks.safeParse(marks(handle)).success).toBe(ok);
  });
});

// The X id read from a follow control (lib/profile/types.ts X_USER_ID): digits only, at most a 64-bit id's 19.
describe('X user ids in reports', () => {
  const withId = (xId: string) => ({
    url: 'https://x.com/AdaQuant/followers',
    profile: { site: 'x', handle: 'AdaQuant', key: 'x:adaquant', url: 'https://x.com/AdaQuant' },
    hints: { name: 'Ada', xId },
    people: [{ name: 'Ben', handle: 'benokafor', xId }],
  });
  it.each([
    ['12', true],
    ['1761766475076132864', true],
    ['01761766475076132864', false],
    ['12345678901234567890', false],
    ['12a', false],
    ['', false],
  ])('%j → accepted: %s', (xId, ok) => {
    const parsed = MESSAGE_SCHEMAS.reportProfile.safeParse(withId(xId));
    expect(parsed.success).toBe(ok);
    if (ok) expect(parsed.data).toMatchObject({ hints: { xId }, people: [{ xId }] });
  });
});

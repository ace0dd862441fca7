import { describe, expect, it } from 'vitest';
import { saveKeyFailureMessage } from '@/components/options/save-key-message';
import { checkBaseUrl } from '@/components/options/base-url-check';
import { plainError } from '@/lib/api/errors';
import { badgeFor } from '@/lib/tab-state/badge';
import { messageFor, stateForError } from '@/lib/worker/error-state';
import { INVALID_URL, insecureUrlText, KEY_REJECTED, SAVED_KEY_REFUSED } from './texts';

const unauthorized = plainError('unauthorized', 401);

describe('a refused key (401) reads the same on every surface', () => {
  it.each([
    ['the API error', unauthorized.message],
    ["the tab's bad-key state", (stateForError(unauthorized, 0) as { message: string }).message],
    ['an inline error (details, search)', messageFor(unauthorized, 0)],
    ['the options form after a failed save', saveKeyFailureMessage({ reason: 'unauthorized', message: 'x' }, 'https://api.example')],
    ['the popup / options alert', SAVED_KEY_REFUSED],
    ['the toolbar badge', badgeFor('bad-key').title],
  ])('%s', (_surface, text) => {
    expect(text.startsWith(KEY_REJECTED)).toBe(true);
  });
});

describe('an unusable API base URL reads the same in the form and the client', () => {
  it.each([
    ['http://api.example', insecureUrlText(true)],
    ['http://127.0.0.2:8787', insecureUrlText(true)],
    ['https://user:pw@api.example', INVALID_URL],
    ['ftp://api.example', INVALID_URL],
  ])('%s', (input, text) => {
    expect(checkBaseUrl(input, { allowLoopback: true })).toEqual({ ok: false, message: text });
  });

  it('a release build does not mention the emulator', () => {
    expect(insecureUrlText(false)).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(insecureUrlText(true)).toMatch(/127\.0\.0\.1/);
  });
});

import { describe, expect, it } from 'vitest';
import { saveKeyFailureMessage } from './save-key-message';

const base = 'https://api.directory.example';

describe('saveKeyFailureMessage', () => {
  it('unauthorized: the key is wrong or revoked, and not stored', () => {
    const text = saveKeyFailureMessage({ reason: 'unauthorized', message: 'x' }, base);
    expect(text).toMatch(/wrong or revoked/);
    expect(text).toMatch(/was not saved/);
  });

  it('wrong-host: a web page answered, probably the web app', () => {
    expect(saveKeyFailureMessage({ reason: 'wrong-host', message: 'x' }, 'http://127.0.0.1:8788')).toMatch(
      /^127\.0\.0\.1:8788 answered with a web page, not the API: it is probably the web app’s address\. The key was not saved\./,
    );
  });

  it('network: the host could not be reached', () => {
    expect(saveKeyFailureMessage({ reason: 'network', message: 'x' }, base)).toMatch(
      /^api\.directory\.example could not be reached\. The key was not saved\./,
    );
  });

  it('no-permission: the browser did not allow the host', () => {
    expect(saveKeyFailureMessage({ reason: 'no-permission', message: '' }, base)).toMatch(/did not allow .* api\.directory\.example/);
  });

  it('anything else: the outcome’s own message', () => {
    expect(saveKeyFailureMessage({ reason: 'server', message: 'The directory service had a problem (HTTP 503).' }, base)).toBe(
      'The directory service had a problem (HTTP 503). The key was not saved.',
    );
  });
});

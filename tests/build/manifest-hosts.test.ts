import { afterEach, describe, expect, it, vi } from 'vitest';
import { manifestFor } from './manifest-for';
import { LINKEDIN_MATCHES, X_MATCHES } from '@/lib/profile/sites';

// The content scripts' sites, where the background injects the list reader (lib/profile/sites.ts).
const SITES = [...X_MATCHES, ...LINKEDIN_MATCHES];

afterEach(() => vi.unstubAllEnvs());

describe('manifest host permissions', () => {
  it.each(['chrome', 'firefox'])('a development/test build (%s) grants the emulator on loopback', async (browser) => {
    const m = await manifestFor({ WXT_RELEASE: undefined, WXT_API_BASE_URL: undefined }, browser);
    expect(m.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*', ...SITES]);
  });

  it.each(['chrome', 'firefox'])('a release build (npm run zip, %s) grants no loopback host', async (browser) => {
    const m = await manifestFor({ WXT_RELEASE: '1', WXT_API_BASE_URL: 'https://api.directory.example' }, browser);
    expect(m.host_permissions).toEqual(['https://api.directory.example/*', ...SITES]);
    // Any https API host is asked for at runtime; HubSpot's API (issue 27) is named too, asked for in the Connect click.
    expect(m.optional_host_permissions).toEqual(['https://*/*', 'https://api.hubapi.com/*']);
  });

  it('never grants a plain-http default host', async () => {
    const m = await manifestFor({ WXT_RELEASE: '1', WXT_API_BASE_URL: 'http://api.directory.example' });
    expect(m.host_permissions).toEqual(SITES);
  });
});

import { AccountSchema, type Account } from '../../lib/api';

/** A GET /v1/me identity as the emulator's `test_pro` key reports it (parsed, so defaults apply). */
export function account(over: Record<string, unknown> = {}, keyOver: Record<string, unknown> = {}): Account {
  return AccountSchema.parse({
    apiVersion: '1.5.0',
    baseUrl: 'http://127.0.0.1:8787',
    docs: 'http://127.0.0.1:8788/docs',
    endpoints: [
      { method: 'GET', path: '/v1/me', summary: 'Account identity', credits: 0 },
      { method: 'GET', path: '/v1/search', summary: 'Search people and projects', credits: 5 },
      { method: 'GET', path: '/v1/people/{id}?include=private', summary: 'Reveal a contact', credits: 10 },
    ],
    id: 'acc_pro',
    name: 'Priya Pro',
    email: 'pro@example.com',
    tier: 'pro',
    sampleMode: false,
    organization: 'Acme Listings',
    creditsBalance: 6000,
    apiKey: { label: 'Pro laptop', prefix: 'test_p…', scopes: ['read:metadata', 'read:contacts'], environment: 'live', ...keyOver },
    pricing: { currency: 'credits', basicCallCredits: 5, privateCallCredits: 10, note: 'A data call costs 5 credits.' },
    ...over,
  });
}

// @vitest-environment node
// Credits: metering, sample mode, the States table and the Errors table.
// (Few test files on purpose: the WXT vitest setup costs seconds per file.)
import { describe, expect, it } from 'vitest';
import { ANCHORS } from './anchors';
import { allKeys, type Answer, harness, type Harness } from './harness';

// ---- metering ----
const ADA = ANCHORS.founder.id;

/** A concrete request for every path /v1/me lists. */
const CONCRETE: Record<string, string> = {
  '/v1/me': '/v1/me',
  '/v1/people': '/v1/people',
  '/v1/people/{id}': `/v1/people/${ANCHORS.cofounder.id}`,
  '/v1/people/{id}?include=private': `/v1/people/${ANCHORS.telegramEmailOnly.id}?include=private`,
  '/v1/projects': '/v1/projects',
  '/v1/projects/{id}': `/v1/projects/${ANCHORS.founderCompany.id}`,
  '/v1/investors': '/v1/investors',
  '/v1/investors/{slug}': `/v1/investors/${ANCHORS.fund.slug}`,
  '/v1/services': '/v1/services',
  '/v1/services/{slug}': `/v1/services/${ANCHORS.auditor.slug}`,
  '/v1/search': '/v1/search?q=quant',
};

/** Calls every endpoint /v1/me lists (as test_pro) and checks the balance and ledger move by exactly its listed price. */
async function billsWhatMeLists(h: Harness): Promise<{ path: string; credits: number }[]> {
  const endpoints = (await h.get('/v1/me')).body.endpoints as { path: string; credits: number }[];
  expect(endpoints.map((e) => e.path).sort()).toEqual(Object.keys(CONCRETE).sort());
  for (const e of endpoints) {
    const before = h.emu.control.account('test_pro').balance;
    const res = await h.get(CONCRETE[e.path]!);
    expect(res.status, e.path).toBe(200);
    expect(before - h.emu.control.account('test_pro').balance, e.path).toBe(e.credits);
    expect(h.emu.control.ledger('test_pro').at(-1)?.creditsCharged, e.path).toBe(e.credits);
  }
  return endpoints;
}

describe('metering', () => {
  it('charges 5 credits per data call and reports meta { creditsCharged, creditsBalance } on every success', async () => {
    const h = harness();
    const paths = [
      '/v1/people',
      `/v1/people/${ADA}`,
      '/v1/projects',
      `/v1/projects/${ANCHORS.founderCompany.slug}`,
      '/v1/investors',
      `/v1/investors/${ANCHORS.fund.slug}`,
      '/v1/services',
      `/v1/services/${ANCHORS.auditor.slug}`,
      '/v1/search?q=ada',
    ];
    let balance = 6000;
    for (const path of paths) {
      const res = await h.get(path);
      balance -= 5;
      expect(res.status, path).toBe(200);
      expect(res.body.meta, path).toEqual({ creditsCharged: 5, creditsBalance: balance });
    }
    expect(h.emu.control.account('test_pro').balance).toBe(balance);
  });

  it('charges 0 for /v1/me', async () => {
    const h = harness();
    const me = (await h.get('/v1/me')).body;
    expect(me.meta).toEqual({ creditsCharged: 0, creditsBalance: 6000 });
    expect(h.emu.control.ledger('test_pro')).toMatchObject([{ path: '/v1/me', creditsCharged: 0, status: 200 }]);
  });

  it('bills every endpoint exactly the price /v1/me lists for it (one price table)', async () => {
    await billsWhatMeLists(harness());
  });

  it('reveal: first GET /v1/people/{id}?include=private costs 10, fills channels, adds top-level creditsCharged/creditsBalance', async () => {
    const h = harness();
    const res = await h.get(`/v1/people/${ADA}?include=private`);
    expect(res.status).toBe(200);
    expect(res.body.creditsCharged).toBe(10);
    expect(res.body.creditsBalance).toBe(5990);
    expect(res.body.meta).toEqual({ creditsCharged: 10, creditsBalance: 5990 });
    expect(res.body.data.person).toMatchObject({
      isLocked: false,
      email: 'ada@quantlayer.xyz',
      phone: '+46 70 123 45 67',
      telegram: '@adaquant',
      linkedinUrl: `https://www.linkedin.com/in/${ANCHORS.founder.linkedinSlug}`,
    });
  });

  it('reveal of a contact with only Telegram and email fills those two and leaves phone and linkedinUrl null', async () => {
    const h = harness();
    const person = (await h.get(`/v1/people/${ANCHORS.telegramEmailOnly.id}?include=private`)).body.data.person;
    expect(person).toMatchObject({
      email: 'mei@harborline.xyz',
      telegram: '@meitanaka',
      phone: null,
      linkedinUrl: null,
      hasPhone: false,
      hasLinkedin: false,
    });
  });

  it('unlocked contact: any later read costs 5 and returns the channels, with or without include=private', async () => {
    const h = harness();
    await h.get(`/v1/people/${ADA}?include=private`);
    const plain = await h.get(`/v1/people/${ADA}`);
    expect(plain.body.meta).toEqual({ creditsCharged: 5, creditsBalance: 5985 });
    expect(plain.body.data.person.email).toBe('ada@quantlayer.xyz');
    expect(plain.body).not.toHaveProperty('creditsCharged');
    const again = await h.get(`/v1/people/${ADA}?include=private`);
    expect(again.body.meta).toEqual({ creditsCharged: 5, creditsBalance: 5980 });
    expect(again.body.creditsCharged).toBe(5);
    expect(again.body.data.person.telegram).toBe('@adaquant');
  });

  it('unlock is permanent per account: a second key of the account sees the channels; another account does not', async () => {
    const h = harness();
    await h.get(`/v1/people/${ADA}?include=private`, 'test_pro');
    const sameAccount = await h.get(`/v1/people/${ADA}`, 'test_pro_2');
    expect(sameAccount.body.data.person.email).toBe('ada@quantlayer.xyz');
    expect(sameAccount.body.meta.creditsCharged).toBe(5);
    const reveal2 = await h.get(`/v1/people/${ADA}?include=private`, 'test_pro_2');
    expect(reveal2.body.meta.creditsCharged).toBe(5); // not a second first-reveal
    const other = await h.get(`/v1/people/${ADA}`, 'test_team');
    expect(other.body.data.person).toMatchObject({ email: null, isLocked: true });
    h.tick(10 * 24 * 3600_000);
    expect((await h.get(`/v1/people/${ADA}`, 'test_pro')).body.data.person.email).toBe('ada@quantlayer.xyz');
  });

  it('keeps private channels null on lists and search even after a reveal', async () => {
    const h = harness();
    await h.get(`/v1/people/${ADA}?include=private`);
    const list = (await h.get('/v1/people?q=adaquant')).body.data[0];
    expect(list).toMatchObject({ id: ADA, email: null, phone: null, telegram: null, linkedinUrl: null, isLocked: false });
    const hit = (await h.get('/v1/search?q=adaquant')).body.people[0];
    expect(hit).toMatchObject({ id: ADA, email: null, telegram: null });
  });

  it('errors charge nothing (400, 401, 402, 403, 404, 429)', async () => {
    const h = harness();
    await h.get('/v1/people?include=private');
    await h.get('/v1/search');
    await h.get(`/v1/people/${ANCHORS.notFound.personId}`);
    await h.get(`/v1/people/${ANCHORS.notFound.personId}?include=private`);
    await h.get(`/v1/investors/${ANCHORS.exchange.slug}`);
    await h.get('/v1/nope');
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
    await h.get(`/v1/people/${ADA}?include=private`, 'test_no_contacts');
    expect(h.emu.control.account('test_no_contacts').balance).toBe(6000);
    await h.get('/v1/people', 'test_starter_empty');
    expect(h.emu.control.account('test_starter_empty').balance).toBe(0);
    await h.get('/v1/people', 'test_revoked');
    expect(h.emu.control.account('test_revoked').balance).toBe(3000);
    const charged = h.emu.control.ledger().filter((e) => e.status >= 400);
    expect(charged.length).toBe(9);
    expect(charged.every((e) => e.creditsCharged === 0)).toBe(true);
  });

  it('records EVERY request in the ledger, and the charges sum to the balance change', async () => {
    const h = harness();
    await h.get('/v1/me');
    await h.get('/v1/people');
    await h.get(`/v1/people/${ADA}?include=private`, 'test_pro_2');
    await h.get('/v1/search');
    await h.get('/v1/people', 'nope_key');
    await h.get('/v1/people', 'test_free_empty');
    const all = h.emu.control.ledger();
    expect(all).toHaveLength(6);
    expect(all.map((e) => e.status)).toEqual([200, 200, 200, 400, 401, 200]);
    expect(all[0]).toEqual({
      at: h.now(),
      accountId: 'acc_pro',
      key: 'test_pro',
      method: 'GET',
      path: '/v1/me',
      query: '',
      status: 200,
      creditsCharged: 0,
      balanceAfter: 6000,
      sample: false,
    });
    expect(all[2]).toMatchObject({
      key: 'test_pro_2',
      accountId: 'acc_pro',
      query: 'include=private',
      creditsCharged: 10,
      balanceAfter: 5985,
    });
    expect(all[4]).toMatchObject({ key: 'nope_key', accountId: null, balanceAfter: null, status: 401 });
    expect(all[5]).toMatchObject({ key: 'test_free_empty', sample: true, creditsCharged: 0 });
    const pro = all.filter((e) => e.accountId === 'acc_pro').reduce((s, e) => s + e.creditsCharged, 0);
    expect(6000 - pro).toBe(h.emu.control.account('test_pro').balance);
    expect(h.emu.control.ledger('test_pro_2')).toHaveLength(1);
  });

  it('404 for an unknown record charges 0', async () => {
    const h = harness();
    const res = await h.get(`/v1/projects/${ANCHORS.notFound.slug}`);
    expect(res.status).toBe(404);
    expect(h.emu.control.ledger().at(-1)?.creditsCharged).toBe(0);
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
  });

  it('enterprise has no credit ceiling: never 402, balance reported as a number', async () => {
    const h = harness();
    h.emu.control.setAccount('test_enterprise', { balance: 0 });
    const res = await h.get('/v1/people', 'test_enterprise');
    expect(res.status).toBe(200);
    expect(res.body.meta.creditsCharged).toBe(5);
    expect(typeof res.body.meta.creditsBalance).toBe('number');
  });
});

// ---- sample-mode ----
const markers = (body: { sample?: unknown; notice?: unknown; meta?: Record<string, unknown> }, balance: number, price: number): void => {
  expect(body.sample).toBe(true);
  expect(String(body.notice)).toMatch(/^NOT REAL DATA/);
  expect(String(body.notice)).toContain(`${balance} credits`);
  expect(String(body.notice)).toContain(`${price} credits`);
  expect(body.meta).toEqual({
    creditsCharged: 0,
    creditsBalance: balance,
    creditsRequired: price,
    sample: true,
    upgradeUrl: 'http://127.0.0.1:8788/pricing',
  });
};

describe('sample mode', () => {
  it('free key below the price: 200 list sample { notice, data[], total, sample, meta } with Service-Sample: true, 0 credits', async () => {
    const h = harness();
    const res = await h.get('/v1/people', 'test_free_empty');
    expect(res.status).toBe(200);
    expect(res.headers.get('service-sample')).toBe('true');
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta', 'notice', 'sample', 'total']);
    markers(res.body, 0, 5);
    expect(res.body.total).toBe(res.body.data.length);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(h.emu.control.ledger('test_free_empty')).toMatchObject([{ status: 200, creditsCharged: 0, sample: true }]);
    expect(h.emu.control.account('test_free_empty').balance).toBe(0);
  });

  it('sample rows are synthetic, realistically shaped and different from real records', async () => {
    const h = harness();
    const sample = (await h.get('/v1/people', 'test_free_empty')).body.data as Record<string, unknown>[];
    const live = (await h.get('/v1/people')).body.data as Record<string, unknown>[];
    expect(Object.keys(sample[0]!).sort()).toEqual(Object.keys(live[0]!).sort());
    for (const row of sample) {
      expect(h.emu.directory.person(String(row.id))).toBeUndefined();
      expect(String(row.id)).toMatch(/^per_sample_/);
    }
    for (const path of ['/v1/projects', '/v1/services', '/v1/investors']) {
      const s = (await h.get(path, 'test_free_empty')).body.data as Record<string, unknown>[];
      const l = (await h.get(path)).body.data as Record<string, unknown>[];
      expect(Object.keys(s[0]!).sort(), path).toEqual(Object.keys(l[0]!).sort());
      for (const row of s) expect(h.emu.directory.company(String(row.id))).toBeUndefined();
    }
  });

  it('detail and search samples are shaped like the live responses plus the markers', async () => {
    const h = harness();
    const cases = [
      `/v1/people/${ANCHORS.founder.id}`,
      `/v1/projects/${ANCHORS.founderCompany.slug}`,
      `/v1/investors/${ANCHORS.fund.slug}`,
      `/v1/services/${ANCHORS.auditor.slug}`,
      '/v1/search?q=ada',
    ];
    for (const path of cases) {
      const sample = await h.get(path, 'test_free_empty');
      const live = await h.get(path, 'test_pro');
      expect(sample.status, path).toBe(200);
      expect(sample.headers.get('service-sample'), path).toBe('true');
      markers(sample.body, 0, 5);
      const liveKeys = Object.keys(live.body).filter((k) => k !== 'meta');
      const sampleKeys = Object.keys(sample.body).filter((k) => !['meta', 'notice', 'sample'].includes(k));
      expect(sampleKeys.sort(), path).toEqual(liveKeys.sort());
      // Every field a live record has, the sample record has too.
      for (const k of allKeys(live.body)) if (!['meta'].includes(k)) expect(allKeys(sample.body).has(k), `${path} ${k}`).toBe(true);
    }
  });

  it('does not run the real query: an unknown id still gets a sample', async () => {
    const h = harness();
    const res = await h.get(`/v1/people/${ANCHORS.notFound.personId}`, 'test_free_empty');
    expect(res.status).toBe(200);
    expect(res.body.sample).toBe(true);
  });

  it('a reveal costs 10, so a free key with 5-9 credits gets live data calls but a sampled reveal', async () => {
    const h = harness();
    const reveal = await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_free_low');
    expect(reveal.status).toBe(200);
    markers(reveal.body, 7, 10);
    expect(reveal.body.creditsCharged).toBe(0);
    expect(reveal.body.creditsBalance).toBe(7);
    expect(reveal.body.data.person.email).not.toBe('ada@quantlayer.xyz');
    expect(h.emu.control.account('test_free_low').balance).toBe(7);
    const live = await h.get('/v1/people', 'test_free_low');
    expect(live.body.sample).toBeUndefined();
    expect(live.headers.get('service-sample')).toBeNull();
    expect(live.body.meta).toEqual({ creditsCharged: 5, creditsBalance: 2 });
    // Nothing was unlocked by the sampled reveal.
    h.emu.control.setAccount('test_free_low', { balance: 100 });
    expect((await h.get(`/v1/people/${ANCHORS.founder.id}`, 'test_free_low')).body.data.person.isLocked).toBe(true);
  });

  it('state: sample mode off -> on when a free balance falls below the price', async () => {
    const h = harness();
    h.emu.control.setAccount('test_free', { balance: 12 });
    expect((await h.get('/v1/projects', 'test_free')).body.meta.creditsBalance).toBe(7);
    expect((await h.get('/v1/projects', 'test_free')).body.meta.creditsBalance).toBe(2);
    const third = await h.get('/v1/projects', 'test_free');
    expect(third.body.sample).toBe(true);
    markers(third.body, 2, 5);
    expect((await h.get('/v1/me', 'test_free')).body.sampleMode).toBe(true);
  });

  it('state: sample mode on -> off when credits are added (same call turns live, no plan change)', async () => {
    const h = harness();
    expect((await h.get('/v1/projects', 'test_free_empty')).body.sample).toBe(true);
    expect((await h.get('/v1/me', 'test_free_empty')).body).toMatchObject({ sampleMode: true, tier: 'free' });
    h.emu.control.setAccount('test_free_empty', { balance: 50 });
    const live = await h.get('/v1/projects', 'test_free_empty');
    expect(live.body.sample).toBeUndefined();
    expect(live.body.meta).toEqual({ creditsCharged: 5, creditsBalance: 45 });
    expect(live.body.page).toBe(1);
    expect((await h.get('/v1/me', 'test_free_empty')).body).toMatchObject({ sampleMode: false, tier: 'free' });
  });

  it('sampleMode on /v1/me is true only for free AND balance below a data call', async () => {
    const h = harness();
    expect((await h.get('/v1/me', 'test_free_empty')).body.sampleMode).toBe(true);
    expect((await h.get('/v1/me', 'test_free_low')).body.sampleMode).toBe(false);
    expect((await h.get('/v1/me', 'test_starter_empty')).body.sampleMode).toBe(false);
  });

  it('/v1/me never 402s nor samples', async () => {
    const h = harness();
    for (const key of ['test_free_empty', 'test_starter_empty']) {
      const res = await h.get('/v1/me', key);
      expect(res.status).toBe(200);
      expect(res.body.sample).toBeUndefined();
      expect(res.headers.get('service-sample')).toBeNull();
      expect(res.body.meta).toEqual({ creditsCharged: 0, creditsBalance: 0 });
    }
  });

  it('a paid key never receives a sample: too few credits -> 402 { error }, nothing charged', async () => {
    const h = harness();
    for (const path of ['/v1/people', `/v1/people/${ANCHORS.founder.id}`, '/v1/search?q=x', `/v1/investors/${ANCHORS.fund.slug}`]) {
      const res = await h.get(path, 'test_starter_empty');
      expect(res.status, path).toBe(402);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(res.headers.get('service-sample')).toBeNull();
    }
    expect(h.emu.control.ledger('test_starter_empty').every((e) => e.creditsCharged === 0 && !e.sample)).toBe(true);
  });

  it('state: paid balance sufficient -> empty: calls return 402 once the balance is below the price', async () => {
    const h = harness();
    h.emu.control.setAccount('test_starter', { balance: 12 });
    expect((await h.get('/v1/people/' + ANCHORS.founder.id + '?include=private', 'test_starter')).status).toBe(200);
    const short = await h.get(`/v1/people/${ANCHORS.cofounder.id}?include=private`, 'test_starter');
    expect(short.status).toBe(402); // 2 credits left, a reveal costs 10
    const sameAgain = await h.get(`/v1/people/${ANCHORS.founder.id}`, 'test_starter');
    expect(sameAgain.status).toBe(402); // 5 needed
    h.emu.control.setAccount('test_starter', { balance: 100 });
    expect((await h.get('/v1/people', 'test_starter')).status).toBe(200);
  });

  it('applies the version rules to samples too', async () => {
    const h = harness({ apiVersion: '1.1.0' });
    const body = (await h.get('/v1/people', 'test_free_empty')).body;
    const keys = allKeys(body.data);
    for (const f of ['slug', 'ticker', 'chains', 'companyType', 'linkedinUrl', 'discordUrl']) expect(keys.has(f), f).toBe(false);
  });

  it('validation still comes first for a free key: 400 and 403 are not sampled', async () => {
    const h = harness();
    expect((await h.get('/v1/search', 'test_free_empty')).status).toBe(400);
    expect((await h.get('/v1/people?include=private', 'test_free_empty')).status).toBe(400);
    h.emu.control.setAccount('test_free_empty', { scopes: ['read:metadata'] });
    expect((await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_free_empty')).status).toBe(403);
  });
});

// ---- states ----
// One test per row of the spec's States table, plus the enumerated states without moves.

describe('States table', () => {
  it('Contact channels: locked -> unlocked by include=private (read:contacts, credits, under cap): 10 credits, permanent, top-level creditsCharged/creditsBalance', async () => {
    const h = harness();
    const before = (await h.get(`/v1/people/${ANCHORS.fundPerson.id}`)).body.data.person;
    expect(before).toMatchObject({ isLocked: true, email: null, telegram: null, linkedinUrl: null });
    const res = await h.get(`/v1/people/${ANCHORS.fundPerson.id}?include=private`);
    expect(res.body).toMatchObject({ creditsCharged: 10, creditsBalance: 5985, meta: { creditsCharged: 10, creditsBalance: 5985 } });
    expect(res.body.data.person).toMatchObject({ isLocked: false, email: 'marcus@meridian.vc', telegram: '@marcushale' });
    h.tick(48 * 3600_000);
    expect((await h.get(`/v1/people/${ANCHORS.fundPerson.id}`)).body.data.person.email).toBe('marcus@meridian.vc');
  });

  it('Contact channels: unlocked -> unlocked on any read: 5 credits, channels stay revealed, not counted against the reveal cap', async () => {
    const h = harness();
    h.emu.control.setAccount('test_free', { balance: 1_000 });
    await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_free');
    for (let i = 0; i < 70; i++) {
      const res = await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_free');
      expect(res.status).toBe(200);
      expect(res.body.meta.creditsCharged).toBe(5);
      expect(res.body.data.person.phone).toBe('+46 70 123 45 67');
      if (i === 50) h.tick(61_000); // stay under the request rate
    }
    // 59 first reveals are still available this hour.
    expect((await h.get(`/v1/people/${ANCHORS.cofounder.id}?include=private`, 'test_free')).body.meta.creditsCharged).toBe(10);
  });

  it('Sample mode: off -> on when a free balance falls below the price', async () => {
    const h = harness();
    h.emu.control.setAccount('test_free', { balance: 5 });
    expect((await h.get('/v1/services', 'test_free')).body.sample).toBeUndefined();
    const res = await h.get('/v1/services', 'test_free');
    expect(res.body.sample).toBe(true);
    expect(res.headers.get('service-sample')).toBe('true');
  });

  it('Sample mode: on -> off when credits are added (balance covers the call; no plan change)', async () => {
    const h = harness();
    expect((await h.get('/v1/services', 'test_free_empty')).body.sample).toBe(true);
    h.emu.control.setAccount('test_free_empty', { balance: 5 });
    const res = await h.get('/v1/services', 'test_free_empty');
    expect(res.body.sample).toBeUndefined();
    expect(res.body.meta).toEqual({ creditsCharged: 5, creditsBalance: 0 });
    expect(h.emu.control.account('test_free_empty').tier).toBe('free');
  });

  it('Paid balance: sufficient -> empty when the balance falls below the price: 402, nothing charged', async () => {
    const h = harness();
    h.emu.control.setAccount('test_team', { balance: 9 });
    expect((await h.get('/v1/investors', 'test_team')).status).toBe(200);
    const res = await h.get('/v1/investors', 'test_team');
    expect(res.status).toBe(402);
    expect(h.emu.control.account('test_team').balance).toBe(4);
  });

  it('tokenLaunched is three-state (true, false, null) and null is not false', async () => {
    const h = harness();
    const values = new Set(h.emu.directory.projects.map((c) => c.tokenLaunched));
    expect(values).toEqual(new Set([true, false, null]));
    const pre = (await h.get(`/v1/projects?token=pre&q=${ANCHORS.tokenUnknownProject.slug}`)).body;
    expect(pre.total).toBe(0);
  });

  it('lifecycle is defunct, deceased or null', () => {
    const h = harness();
    expect(new Set(h.emu.directory.companies.map((c) => c.lifecycle))).toEqual(new Set(['defunct', 'deceased', null]));
  });

  it('tier is one of free, starter, pro, team, enterprise', async () => {
    const h = harness();
    const tiers = new Set<string>();
    for (const key of ['test_free_empty', 'test_starter', 'test_pro', 'test_team', 'test_enterprise'])
      tiers.add((await h.get('/v1/me', key)).body.tier);
    expect(tiers).toEqual(new Set(['free', 'starter', 'pro', 'team', 'enterprise']));
  });
});

// ---- errors ----
// One test (at least) per row of the spec's Errors table.

const isError = (res: Answer, status: number): void => {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(res.body).toEqual({ error: expect.any(String) });
  expect(res.body.error.length).toBeGreaterThan(0);
};

describe('Errors table', () => {
  it('200 with sample: true - free-tier key with balance below the call price (not an error; 0 charged)', async () => {
    const h = harness();
    const res = await h.get('/v1/investors', 'test_free_empty');
    expect(res.status).toBe(200);
    expect(res.body.sample).toBe(true);
    expect(res.body.meta.creditsCharged).toBe(0);
  });

  it('400 - include=private on the people list', async () => {
    const h = harness();
    isError(await h.get('/v1/people?include=private'), 400);
    isError(await h.get('/v1/people?q=ada&include=private'), 400);
  });

  it('400 - q missing on search', async () => {
    const h = harness();
    isError(await h.get('/v1/search'), 400);
  });

  it('401 - key missing', async () => {
    const h = harness();
    isError(await h.get('/v1/me', null), 401);
    isError(await h.get('/v1/people', null, { headers: { Authorization: '' } }), 401);
  });

  it('401 - key malformed (not "Bearer <token>")', async () => {
    const h = harness();
    for (const value of ['test_pro', 'Token test_pro', 'Bearer', 'Bearer ', 'Bearer test_pro extra', 'Basic dGVzdDp0ZXN0']) {
      isError(await h.get('/v1/me', null, { headers: { Authorization: value } }), 401);
    }
  });

  it('401 - key revoked', async () => {
    const h = harness();
    isError(await h.get('/v1/me', 'test_revoked'), 401);
    h.emu.control.setAccount('test_pro_2', { revoked: true });
    isError(await h.get('/v1/me', 'test_pro_2'), 401);
    expect((await h.get('/v1/me', 'test_pro')).status).toBe(200);
  });

  it('401 - key unresolvable (unknown)', async () => {
    const h = harness();
    isError(await h.get('/v1/me', 'sk_live_does_not_exist'), 401);
    isError(await h.get('/v1/me', 'TEST_PRO'), 401);
  });

  it('402 - paid-tier key with balance too low for a data call; nothing charged; /v1/me never returns it', async () => {
    const h = harness();
    isError(await h.get('/v1/projects', 'test_starter_empty'), 402);
    expect(h.emu.control.account('test_starter_empty').balance).toBe(0);
    expect((await h.get('/v1/me', 'test_starter_empty')).status).toBe(200);
  });

  it('403 - read:contacts scope missing for a private reveal', async () => {
    const h = harness();
    isError(await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_no_contacts'), 403);
    // Without include=private the same key reads fine.
    expect((await h.get(`/v1/people/${ANCHORS.founder.id}`, 'test_no_contacts')).status).toBe(200);
    // Scope changes take effect immediately.
    h.emu.control.setAccount('test_pro', { scopes: ['read:metadata'] });
    isError(await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_pro'), 403);
  });

  it('403 - data reads without read:metadata (a key with only read:contacts can still call /v1/me)', async () => {
    const h = harness();
    h.emu.control.setAccount('test_pro', { scopes: ['read:contacts'] });
    isError(await h.get('/v1/people', 'test_pro'), 403);
    expect((await h.get('/v1/me', 'test_pro')).status).toBe(200);
  });

  it('404 - non-fund on GET /v1/investors/{slug} (1.5.0), even if it has backed rounds', async () => {
    const h = harness();
    expect(h.emu.directory.company(ANCHORS.exchange.id)?.portfolio.length).toBeGreaterThan(0);
    isError(await h.get(`/v1/investors/${ANCHORS.exchange.slug}`), 404);
    isError(await h.get(`/v1/investors/${ANCHORS.exchange.id}`), 404);
    isError(await h.get(`/v1/investors/${ANCHORS.founderCompany.slug}`), 404);
  });

  it('404 - an unknown record (JSON, every detail route)', async () => {
    const h = harness();
    isError(await h.get(`/v1/people/${ANCHORS.notFound.personId}`), 404);
    isError(await h.get(`/v1/people/${ANCHORS.notFound.personId}?include=private`), 404);
    isError(await h.get(`/v1/projects/${ANCHORS.notFound.slug}`), 404);
    isError(await h.get(`/v1/investors/${ANCHORS.notFound.slug}`), 404);
    isError(await h.get(`/v1/services/${ANCHORS.notFound.slug}`), 404);
    isError(await h.get(`/v1/services/${ANCHORS.founderCompany.slug}`), 404);
  });

  it('404 - any request sent to the application host (HTML body, never JSON)', async () => {
    const h = harness();
    for (const path of ['/v1/me', '/v1/people', '/', '/people/ada-lindqvist']) {
      const res = await h.emu.fetch(`http://127.0.0.1:8788${path}`, { headers: { Authorization: 'Bearer test_pro' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const text = await res.text();
      expect(text).toMatch(/<html/i);
      expect(() => JSON.parse(text)).toThrow();
    }
    const direct = await h.emu.handleApp(new Request('http://anything/v1/search?q=x'));
    expect(direct.status).toBe(404);
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
  });

  it('429 - account rate limit exceeded', async () => {
    const h = harness();
    for (let i = 0; i < 120; i++) await h.get('/v1/me');
    isError(await h.get('/v1/me'), 429);
  });

  it('429 - per-IP rejected-key limit exceeded', async () => {
    const h = harness();
    for (let i = 0; i < 20; i++) expect((await h.get('/v1/me', 'bad_key', { ip: '10.0.0.9' })).status).toBe(401);
    isError(await h.get('/v1/me', 'bad_key', { ip: '10.0.0.9' }), 429);
  });

  it('429 - reveal cap exceeded', async () => {
    const h = harness();
    h.emu.control.setAccount('test_free', { balance: 10_000 });
    const people = h.emu.directory.people.slice(0, 61);
    for (const p of people.slice(0, 60)) expect((await h.get(`/v1/people/${p.id}?include=private`, 'test_free')).status).toBe(200);
    isError(await h.get(`/v1/people/${people[60]!.id}?include=private`, 'test_free'), 429);
  });

  it('5xx - server failure (injected): JSON { error }, nothing charged, retry works', async () => {
    const h = harness();
    h.emu.control.inject({ fail5xx: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.get('/v1/people');
      expect(res.body).toEqual({ error: expect.any(String) });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([500, 502, 503]);
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
    expect((await h.get('/v1/people')).status).toBe(200);
  });

  it('error bodies are exactly { error: string } and carry the API headers', async () => {
    const h = harness();
    for (const res of [
      await h.get('/v1/search'),
      await h.get('/v1/me', null),
      await h.get('/v1/nope'),
      await h.get('/v1/people', 'test_starter_empty'),
    ]) {
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.headers.get('service-api-version')).toBe('1.5.0');
      expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    }
  });
});

// ---- test control: prices changed mid-session ----
describe('configure({ prices })', () => {
  const RAISED = { basic: 7, private: 12 };
  const raised = (): Harness => {
    const h = harness();
    h.emu.control.configure({ prices: RAISED });
    return h;
  };
  const prices = async (h: Harness) => {
    const me = (await h.get('/v1/me')).body;
    const byPath = Object.fromEntries((me.endpoints as { path: string; credits: number }[]).map((e) => [e.path, e.credits]));
    return { basic: me.pricing.basicCallCredits, private: me.pricing.privateCallCredits, byPath };
  };

  it('a search then costs 7: ledger, meta and balance', async () => {
    const h = raised();
    const res = await h.get('/v1/search?q=ada');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ creditsCharged: 7, creditsBalance: 5993 });
    expect(h.emu.control.ledger('test_pro')).toMatchObject([{ path: '/v1/search', creditsCharged: 7, balanceAfter: 5993 }]);
  });

  it('/v1/me reports the new prices in endpoints[] and pricing (the same table metering bills from)', async () => {
    const h = harness();
    expect(await prices(h)).toMatchObject({ basic: 5, private: 10 });
    h.emu.control.configure({ prices: RAISED });
    const now = await prices(h);
    expect(now).toMatchObject({ basic: 7, private: 12 });
    expect(now.byPath).toEqual({
      '/v1/me': 0,
      '/v1/people': 7,
      '/v1/people/{id}': 7,
      '/v1/people/{id}?include=private': 12,
      '/v1/projects': 7,
      '/v1/projects/{id}': 7,
      '/v1/investors': 7,
      '/v1/investors/{slug}': 7,
      '/v1/services': 7,
      '/v1/services/{slug}': 7,
      '/v1/search': 7,
    });
    const me = (await h.get('/v1/me')).body;
    expect(me.pricing.note).toContain('A data call costs 7 credits; the first reveal of a contact costs 12');
    expect(me.endpoints).toContainEqual(expect.objectContaining({ summary: expect.stringContaining('later reads cost 7') }));
  });

  it.each([
    ['seeded', null],
    ['raised', { basic: 7, private: 12 }],
    ['free data calls', { basic: 0, private: 3 }],
  ])('bills every endpoint exactly what /v1/me lists (%s prices)', async (_name, p) => {
    const h = harness();
    h.emu.control.configure({ prices: p });
    const endpoints = await billsWhatMeLists(h);
    const reveal = endpoints.find((e) => e.path === '/v1/people/{id}?include=private');
    expect(reveal?.credits).toBe(p?.private ?? 10);
  });

  it('a first reveal costs 12 (top-level creditsCharged too); re-reading the unlocked contact costs 7', async () => {
    const h = raised();
    const reveal = await h.get(`/v1/people/${ADA}?include=private`);
    expect(reveal.body).toMatchObject({ creditsCharged: 12, creditsBalance: 5988, meta: { creditsCharged: 12, creditsBalance: 5988 } });
    expect(reveal.body.data.person.email).toBe('ada@quantlayer.xyz');
    const again = await h.get(`/v1/people/${ADA}?include=private`);
    expect(again.body).toMatchObject({ creditsCharged: 7, creditsBalance: 5981, meta: { creditsCharged: 7, creditsBalance: 5981 } });
    const plain = await h.get(`/v1/people/${ADA}`);
    expect(plain.body.meta).toEqual({ creditsCharged: 7, creditsBalance: 5974 });
    expect(h.emu.control.ledger('test_pro').map((e) => e.creditsCharged)).toEqual([12, 7, 7]);
  });

  it('a price change takes effect between two calls of a session', async () => {
    const h = harness();
    expect((await h.get('/v1/people')).body.meta.creditsCharged).toBe(5);
    h.emu.control.configure({ prices: RAISED });
    expect((await h.get('/v1/people')).body.meta.creditsCharged).toBe(7);
    h.emu.control.configure({ prices: { private: 20 } }); // a field left out keeps its current price
    expect(await prices(h)).toMatchObject({ basic: 7, private: 20 });
  });

  it.each([
    ['/v1/people', 7],
    [`/v1/people/${ADA}`, 7],
    ['/v1/search?q=ada', 7],
    [`/v1/people/${ADA}?include=private`, 12],
  ])('a paid key with balance 6 gets 402 on %s (price %i) and is charged nothing', async (path, price) => {
    const h = raised();
    h.emu.control.setAccount('test_starter', { balance: 6 });
    const res = await h.get(path, 'test_starter');
    expect(res.status).toBe(402);
    expect(res.body.error).toContain(`costs ${price} credits and the balance is 6`);
    expect(h.emu.control.ledger('test_starter')).toMatchObject([{ status: 402, creditsCharged: 0 }]);
    expect(h.emu.control.account('test_starter').balance).toBe(6);
    expect((await h.get('/v1/me', 'test_starter')).body).toMatchObject({ sampleMode: false, creditsBalance: 6 });
  });

  it.each([
    [6, '/v1/people', 7, true],
    [6, `/v1/people/${ADA}?include=private`, 12, true],
    [7, `/v1/people/${ADA}?include=private`, 12, false],
    [11, `/v1/people/${ADA}?include=private`, 12, false],
  ])('a free key with balance %i gets a sample on %s with creditsRequired %i (sampleMode %s)', async (balance, path, price, sampleMode) => {
    const h = raised();
    h.emu.control.setAccount('test_free', { balance });
    const res = await h.get(path, 'test_free');
    expect(res.status).toBe(200);
    markers(res.body, balance, price);
    expect(h.emu.control.account('test_free').balance).toBe(balance);
    expect((await h.get('/v1/me', 'test_free')).body.sampleMode).toBe(sampleMode);
  });

  it('a free key with 7 credits is live again on a data call (7 covers it) and lands at 0', async () => {
    const h = raised();
    h.emu.control.setAccount('test_free', { balance: 7 });
    const res = await h.get('/v1/projects', 'test_free');
    expect(res.body.sample).toBeUndefined();
    expect(res.body.meta).toEqual({ creditsCharged: 7, creditsBalance: 0 });
  });

  it('the HTTP control takes the same body and answers with the config', async () => {
    const h = harness();
    const res = await h.post('/__emulator/configure', { prices: RAISED });
    expect(res.status).toBe(200);
    expect(res.body.config.prices).toEqual(RAISED);
    expect((await h.get('/v1/search?q=ada')).body.meta.creditsCharged).toBe(7);
    expect(await prices(h)).toMatchObject({ basic: 7, private: 12 });
    expect((await h.post('/__emulator/configure', { prices: null })).body.config.prices).toEqual({ basic: 5, private: 10 });
  });

  it.each([
    ['a negative basic', { basic: -1 }],
    ['a negative private', { private: -5 }],
    ['a non-integer basic', { basic: 7.5 }],
    ['a non-integer private', { private: 0.1 }],
    ['a string', { basic: '7' }],
    ['an unknown field', { basic: 7, reveal: 12 }],
    ['a number instead of an object', 7],
  ])('rejects %s: 400 over HTTP, throws in-process, prices unchanged', async (_name, bad) => {
    const h = harness();
    const res = await h.post('/__emulator/configure', { prices: bad });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(() => h.emu.control.configure({ prices: bad as never })).toThrow();
    expect(await prices(h)).toMatchObject({ basic: 5, private: 10 });
    expect((await h.get('/v1/people')).body.meta.creditsCharged).toBe(5);
  });

  it.each([
    ['reset()', async (h: Harness) => h.emu.control.reset()],
    ['configure({ prices: null })', async (h: Harness) => h.emu.control.configure({ prices: null })],
    ['POST /__emulator/reset', async (h: Harness) => void (await h.post('/__emulator/reset', {}))],
  ])('%s restores the seeded 5/10', async (_name, restore) => {
    const h = raised();
    await restore(h);
    expect(await prices(h)).toMatchObject({ basic: 5, private: 10 });
    expect((await h.get('/v1/people')).body.meta.creditsCharged).toBe(5);
    expect((await h.get(`/v1/people/${ADA}?include=private`)).body.creditsCharged).toBe(10);
    h.emu.control.setAccount('test_free', { balance: 6 });
    expect((await h.get('/v1/me', 'test_free')).body.sampleMode).toBe(false);
    expect((await h.get('/v1/people', 'test_free')).body.meta).toEqual({ creditsCharged: 5, creditsBalance: 1 });
  });
});

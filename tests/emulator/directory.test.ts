// @vitest-environment node
// Seeded directory, every endpoint, search and API versions.
// (Few test files on purpose: the WXT vitest setup costs seconds per file.)
import { describe, expect, it } from 'vitest';
import { ANCHORS } from './anchors';
import { allKeys, harness } from './harness';
import { PRICE_TABLE } from './pricing';
import { search } from './queries';
import { seedDirectory } from './seed-directory';

// ---- seed-directory ----
const d = seedDirectory(1);

describe('seeded directory', () => {
  it('is deterministic: same seed -> identical directory, other seed -> different records', () => {
    // Bypass the cache by comparing against a directory built for another seed and re-serialising.
    const again = JSON.stringify(seedDirectory(1).people) + JSON.stringify(seedDirectory(1).companies);
    expect(again).toBe(JSON.stringify(d.people) + JSON.stringify(d.companies));
    const other = seedDirectory(42);
    expect(other.people[50]?.id).not.toBe(d.people[50]?.id);
    expect(other.people.length).toBeGreaterThanOrEqual(2000);
  });

  it('meets the size minimums: >=2000 people, >=600 projects, >=150 investors, >=150 services', () => {
    expect(d.people.length).toBeGreaterThanOrEqual(2000);
    expect(d.projects.length).toBeGreaterThanOrEqual(600);
    expect(d.investors.length).toBeGreaterThanOrEqual(150);
    expect(d.services.filter((c) => ['service', 'platform', 'launchpad'].includes(c.companyType)).length).toBeGreaterThanOrEqual(150);
  });

  it('gives every person and company a unique X handle of [A-Za-z0-9_]{1,15}, in mixed case', () => {
    // An angel's investor record shares the X account of the angel's person record: count it once.
    const companies = d.companies.filter((c) => c.entityKind !== 'individual');
    const handles = [...d.people.map((p) => p.twitterHandle), ...companies.map((c) => c.twitterHandle)].filter(
      (h): h is string => h !== null,
    );
    for (const angel of d.investors.filter((c) => c.entityKind === 'individual' && c.twitterHandle !== null)) {
      expect(d.team(angel.id)[0]?.twitterHandle).toBe(angel.twitterHandle);
    }
    expect(handles.filter((h) => !/^[A-Za-z0-9_]{1,15}$/.test(h))).toEqual([]);
    expect(new Set(handles.map((h) => h.toLowerCase())).size).toBe(handles.length);
    expect(handles.some((h) => /[A-Z]/.test(h) && /[a-z]/.test(h))).toBe(true);
    expect(handles.some((h) => h === h.toLowerCase())).toBe(true);
  });

  it('uses stable id prefixes and consistent references (companyId, portfolio, has* flags)', () => {
    // Collect violations and assert once: thousands of expect() calls are slow.
    const bad: string[] = [];
    for (const p of d.people) {
      if (!p.id.startsWith('per_')) bad.push(`id ${p.id}`);
      if (p.companyId !== null && !d.company(p.companyId)) bad.push(`companyId ${p.id}`);
      if (p.hasEmail !== (p.email !== null) || p.hasPhone !== (p.phone !== null)) bad.push(`has* ${p.id}`);
      if (p.hasTelegram !== (p.telegram !== null) || p.hasLinkedin !== (p.linkedinUrl !== null)) bad.push(`has* ${p.id}`);
      if (p.linkedinUrl && !/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/.test(p.linkedinUrl)) bad.push(`linkedin ${p.id}`);
    }
    for (const c of d.companies) {
      if (!c.id.startsWith('cmp_')) bad.push(`id ${c.id}`);
      if (c.linkedinUrl && c.linkedinUrl !== `https://www.linkedin.com/company/${c.slug}`) bad.push(`linkedin ${c.id}`);
      for (const row of c.portfolio) if (!d.company(row.companyId)) bad.push(`portfolio ${c.id}`);
    }
    expect(bad).toEqual([]);
    expect(new Set(d.companies.map((c) => c.slug)).size).toBe(d.companies.length);
  });

  it('varies the states: has* flags (Telegram most common), null slugs, tokenLaunched null, defunct/deceased, creators', () => {
    const share = (f: (p: (typeof d.people)[number]) => boolean): number => d.people.filter(f).length / d.people.length;
    const tg = share((p) => p.hasTelegram);
    expect(tg).toBeGreaterThan(share((p) => p.hasEmail));
    expect(tg).toBeGreaterThan(share((p) => p.hasLinkedin));
    expect(tg).toBeGreaterThan(share((p) => p.hasPhone));
    expect(share((p) => p.slug === null)).toBeGreaterThan(0.02);
    expect(share((p) => p.isCreator)).toBeGreaterThan(0.02);
    expect(share((p) => p.contactType === 'analyst')).toBeGreaterThan(0.01);
    expect(d.people.some((p) => !p.hasEmail && !p.hasPhone && !p.hasTelegram && !p.hasLinkedin)).toBe(true);
    const launched = new Set(d.projects.map((c) => c.tokenLaunched));
    expect(launched).toEqual(new Set([true, false, null]));
    expect(d.projects.some((c) => c.lifecycle === 'defunct')).toBe(true);
    expect(d.projects.some((c) => c.lifecycle === 'deceased')).toBe(true);
    expect(d.projects.some((c) => c.ticker !== null)).toBe(true);
  });

  it('seeds funds as firms and angels, with portfolios, teams and trust tiers', () => {
    const firms = d.investors.filter((c) => c.entityKind === 'organization');
    const angels = d.investors.filter((c) => c.entityKind === 'individual');
    expect(firms.length).toBeGreaterThan(100);
    expect(angels.length).toBeGreaterThan(20);
    expect(d.investors.filter((c) => c.portfolio.length > 0).length).toBeGreaterThan(140);
    expect(d.investors.every((c) => d.team(c.id).length > 0)).toBe(true);
    expect(d.investors.every((c) => c.trustTier !== null && c.trustTierRank !== null)).toBe(true);
  });

  it('lists service, platform and launchpad under services, plus the overlap (other kinds with altRoles service)', () => {
    const kinds = new Set(d.services.map((c) => c.companyType));
    expect(kinds).toEqual(new Set(['service', 'platform', 'launchpad', 'investor', 'project']));
    const overlap = d.services.filter((c) => !['service', 'platform', 'launchpad'].includes(c.companyType));
    expect(overlap.length).toBeGreaterThan(5);
    expect(overlap.every((c) => c.altRoles.includes('service'))).toBe(true);
  });

  it('contains every anchor, whatever the seed', () => {
    for (const dir of [d, seedDirectory(42)]) {
      const ada = dir.person(ANCHORS.founder.id);
      expect(ada).toMatchObject({ twitterHandle: 'AdaQuant', hasEmail: true, hasPhone: true, hasTelegram: true, hasLinkedin: true });
      expect(ada?.linkedinUrl).toBe(`https://www.linkedin.com/in/${ANCHORS.founder.linkedinSlug}`);
      expect(dir.company(ANCHORS.founderCompany.id)).toMatchObject({ companyType: 'project', ticker: 'QLR', tokenLaunched: true });
      expect(dir.person(ANCHORS.telegramEmailOnly.id)).toMatchObject({
        hasTelegram: true,
        hasEmail: true,
        hasPhone: false,
        hasLinkedin: false,
      });
      const okafors = dir.people.filter((p) => `${p.firstName} ${p.lastName}` === ANCHORS.sameName.fullName);
      expect(okafors).toHaveLength(2);
      expect(new Set(okafors.map((p) => p.companyId)).size).toBe(2);
      expect(dir.person(ANCHORS.noSlug.id)?.slug).toBeNull();
      expect(dir.company(ANCHORS.tokenUnknownProject.id)?.tokenLaunched).toBeNull();
      expect(dir.company(ANCHORS.defunctProject.id)?.lifecycle).toBe('defunct');
      const fund = dir.company(ANCHORS.fund.id);
      expect(fund).toMatchObject({ companyType: 'investor', entityKind: 'organization', twitterHandle: 'MeridianVC' });
      expect(fund?.portfolio.length).toBeGreaterThan(0);
      expect(dir.team(ANCHORS.fund.id).map((p) => p.id)).toContain(ANCHORS.fundPerson.id);
      expect(dir.company(ANCHORS.angel.id)).toMatchObject({ entityKind: 'individual' });
      const arcadia = dir.company(ANCHORS.altRolesFund.id);
      expect(arcadia?.altRoles).toContain('service');
      expect(dir.services).toContain(arcadia);
      expect(dir.company(ANCHORS.auditor.id)?.companyType).toBe('service');
      expect(dir.company(ANCHORS.exchange.id)?.companyType).toBe('platform');
      expect(dir.company(ANCHORS.exchange.id)?.portfolio.length).toBeGreaterThan(0);
      expect(dir.company(ANCHORS.launchpad.id)?.companyType).toBe('launchpad');
      for (const p of dir.people.filter((x) => x.id.startsWith('per_anchor_') && x.hasLinkedin)) {
        expect(p.linkedinUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+$/);
      }
    }
  });

  it('never contains ANCHORS.notFound', () => {
    for (const dir of [d, seedDirectory(42)]) {
      expect(dir.person(ANCHORS.notFound.personId)).toBeUndefined();
      expect(dir.company(ANCHORS.notFound.companyId)).toBeUndefined();
      expect(dir.company(ANCHORS.notFound.slug)).toBeUndefined();
      const hits = search(dir.companies, dir.people, ANCHORS.notFound.name);
      expect(hits.people).toEqual([]);
      expect(hits.companies).toEqual([]);
      expect(search(dir.companies, dir.people, ANCHORS.notFound.twitterHandle).people).toEqual([]);
    }
  });

  it('is read-only (frozen)', () => {
    const p = d.people[0];
    expect(Object.isFrozen(p)).toBe(true);
    expect(Object.isFrozen(d.people)).toBe(true);
  });
});

// ---- endpoints ----
const PRIVATE = ['email', 'phone', 'telegram', 'linkedinUrl'] as const;

describe('GET /v1/me', () => {
  it('returns the account identity with endpoints generated from the price table', async () => {
    const h = harness();
    const { status, body } = await h.get('/v1/me', 'test_pro');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      apiVersion: '1.5.0',
      id: 'acc_pro',
      name: expect.any(String),
      email: expect.any(String),
      tier: 'pro',
      organization: 'Acme Listings',
      creditsBalance: 6000,
      sampleMode: false,
      baseUrl: 'http://127.0.0.1:8787',
      docs: 'http://127.0.0.1:8788/docs',
      pricing: { currency: 'credits', basicCallCredits: 5, privateCallCredits: 10, note: expect.any(String) },
      apiKey: { label: 'Pro laptop', prefix: expect.any(String), scopes: ['read:metadata', 'read:contacts'], environment: 'live' },
      meta: { creditsCharged: 0, creditsBalance: 6000 },
    });
    expect(body.endpoints).toEqual(PRICE_TABLE.map(({ method, path, summary, credits }) => ({ method, path, summary, credits })));
    expect(body.endpoints).toContainEqual(expect.objectContaining({ path: '/v1/people/{id}?include=private', credits: 10 }));
    expect(body.endpoints).toContainEqual(expect.objectContaining({ path: '/v1/me', credits: 0 }));
    expect(body.apiKey.prefix).not.toBe('test_pro');
  });

  it('reports baseUrl from the options and a default organization when none is set', async () => {
    const h = harness({ baseUrl: 'http://api.local:9999', appUrl: 'http://app.local:9998' });
    const me = (await h.get('/v1/me', 'test_free_empty')).body;
    expect(me.baseUrl).toBe('http://api.local:9999');
    expect(me.docs).toBe('http://app.local:9998/docs');
    expect(me.organization).toBe("Fran Free's workspace");
  });

  it('reports another baseUrl when configured to (a host move), until reset or cleared', async () => {
    const h = harness({ baseUrl: 'http://api.local:9999' });
    h.emu.control.configure({ reportedBaseUrl: 'http://api-mirror.localhost:9999' });
    expect((await h.get('/v1/me', 'test_pro')).body.baseUrl).toBe('http://api-mirror.localhost:9999');
    h.emu.control.configure({ reportedBaseUrl: null });
    expect((await h.get('/v1/me', 'test_pro')).body.baseUrl).toBe('http://api.local:9999');
    h.emu.control.configure({ reportedBaseUrl: 'https://elsewhere.example' });
    h.emu.control.reset();
    expect((await h.get('/v1/me', 'test_pro')).body.baseUrl).toBe('http://api.local:9999');
  });
});

describe('GET /v1/people', () => {
  it('returns the list envelope with facets { roles, channels } and locked channels', async () => {
    const h = harness();
    const { status, body } = await h.get('/v1/people');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['data', 'facets', 'meta', 'page', 'total', 'totalPages']);
    expect(body.page).toBe(1);
    expect(body.data).toHaveLength(30);
    expect(body.total).toBe(h.emu.directory.people.length);
    expect(body.totalPages).toBe(Math.ceil(body.total / 30));
    expect(Object.keys(body.facets.channels).sort()).toEqual(['email', 'linkedin', 'phone', 'telegram']);
    const roleSum = Object.values(body.facets.roles as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(roleSum).toBe(body.total);
    for (const p of body.data) for (const f of PRIVATE) expect(p[f]).toBeNull();
    expect(body.data[0]).toHaveProperty('company');
    expect(body.meta).toEqual({ creditsCharged: 5, creditsBalance: 5995 });
  });

  it('filters by q over name, handle and title', async () => {
    const h = harness();
    const byName = (await h.get('/v1/people?q=ada%20lindqvist')).body;
    expect(byName.data.map((p: { id: string }) => p.id)).toContain(ANCHORS.founder.id);
    const byHandle = (await h.get('/v1/people?q=adaquant')).body;
    expect(byHandle.data.map((p: { id: string }) => p.id)).toContain(ANCHORS.founder.id);
    const byTitle = (await h.get('/v1/people?q=Lead%20Auditor&limit=100')).body;
    expect(byTitle.total).toBeGreaterThan(0);
    for (const p of byTitle.data) expect(p.jobTitle.toLowerCase()).toContain('lead auditor');
  });

  it('filters by contactType, roles (any of) and channels (all of), and facets count the matched set', async () => {
    const h = harness();
    const analysts = (await h.get('/v1/people?contactType=analyst&limit=100')).body;
    expect(analysts.total).toBeGreaterThan(0);
    for (const p of analysts.data) expect(p.companyId).toBeNull();
    const team = (await h.get('/v1/people?contactType=team&limit=100')).body;
    for (const p of team.data) expect(p.companyId).not.toBeNull();
    expect(analysts.total + team.total).toBe(h.emu.directory.people.length);

    const founders = (await h.get('/v1/people?roles=founder,bd&limit=100')).body;
    expect(
      Object.entries(founders.facets.roles)
        .filter(([, n]) => (n as number) > 0)
        .map(([r]) => r)
        .sort(),
    ).toEqual(['bd', 'founder']);

    const both = (await h.get('/v1/people?channels=telegram,email&limit=100')).body;
    for (const p of both.data) expect(p.hasTelegram && p.hasEmail).toBe(true);
    expect(both.facets.channels.telegram).toBe(both.total);
    expect(both.facets.channels.email).toBe(both.total);
    expect((await h.get('/v1/people?channels=fax')).status).toBe(400);
    expect((await h.get('/v1/people?contactType=robot')).status).toBe(400);
  });

  it('sorts by recent (default) or name', async () => {
    const h = harness();
    const recent = (await h.get('/v1/people?limit=50')).body.data as { createdAt: string }[];
    for (let i = 1; i < recent.length; i++) expect(recent[i - 1]!.createdAt >= recent[i]!.createdAt).toBe(true);
    const byName = (await h.get('/v1/people?sort=name&limit=50')).body.data as { lastName: string }[];
    for (let i = 1; i < byName.length; i++) expect(byName[i - 1]!.lastName.localeCompare(byName[i]!.lastName)).toBeLessThanOrEqual(0);
    expect((await h.get('/v1/people?sort=random')).status).toBe(400);
  });

  it('pages: page default 1, limit default 30, limit above 100 clamped to 100, bad values 400, past the end empty', async () => {
    const h = harness();
    const p2 = (await h.get('/v1/people?page=2&limit=10')).body;
    const p1 = (await h.get('/v1/people?page=1&limit=20')).body;
    expect(p2.page).toBe(2);
    expect(p2.data).toEqual(p1.data.slice(10, 20));
    const big = (await h.get('/v1/people?limit=500')).body;
    expect(big.data).toHaveLength(100);
    expect(big.totalPages).toBe(Math.ceil(big.total / 100));
    for (const bad of ['limit=0', 'limit=-1', 'limit=abc', 'page=0', 'page=1.5'])
      expect((await h.get(`/v1/people?${bad}`)).status).toBe(400);
    const past = (await h.get('/v1/people?page=9999')).body;
    expect(past.data).toEqual([]);
    expect(past.total).toBe(h.emu.directory.people.length);
  });
});

describe('GET /v1/people/{id}', () => {
  it('returns { data: { person, coworkers[] }, meta } with the company embedded and channels locked', async () => {
    const h = harness();
    const { status, body } = await h.get(`/v1/people/${ANCHORS.founder.id}`);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['data', 'meta']);
    expect(body.data.person).toMatchObject({ id: ANCHORS.founder.id, twitterHandle: 'AdaQuant', isLocked: true, hasEmail: true });
    expect(body.data.person.company).toMatchObject({
      id: ANCHORS.founderCompany.id,
      ticker: 'QLR',
      tokenLaunched: true,
      companyType: 'project',
    });
    for (const f of PRIVATE) expect(body.data.person[f]).toBeNull();
    expect(body.data.coworkers.map((p: { id: string }) => p.id)).toEqual([ANCHORS.cofounder.id]);
    expect(body.meta).toEqual({ creditsCharged: 5, creditsBalance: 5995 });
  });

  it('returns company null and no coworkers for an analyst without a company', async () => {
    const h = harness();
    const analyst = h.emu.directory.people.find((p) => p.companyId === null)!;
    const body = (await h.get(`/v1/people/${analyst.id}`)).body;
    expect(body.data.person.company).toBeNull();
    expect(body.data.coworkers).toEqual([]);
  });
});

describe('GET /v1/projects', () => {
  it('lists projects only, filtered by q, sector (repeatable) and token (launched | pre; null in neither)', async () => {
    const h = harness();
    const all = (await h.get('/v1/projects?limit=100')).body;
    expect(all.total).toBe(h.emu.directory.projects.length);
    for (const c of all.data) expect(c.companyType).toBe('project');
    const q = (await h.get('/v1/projects?q=quantlayer')).body;
    expect(q.data[0].id).toBe(ANCHORS.founderCompany.id);
    const sectors = (await h.get('/v1/projects?sector=Gaming&sector=NFT&limit=100')).body;
    expect(sectors.total).toBeGreaterThan(0);
    for (const c of sectors.data) expect(c.sectors.some((s: string) => s === 'Gaming' || s === 'NFT')).toBe(true);
    const launched = (await h.get('/v1/projects?token=launched&limit=100')).body;
    const pre = (await h.get('/v1/projects?token=pre&limit=100')).body;
    for (const c of launched.data) expect(c.tokenLaunched).toBe(true);
    for (const c of pre.data) expect(c.tokenLaunched).toBe(false);
    const nulls = h.emu.directory.projects.filter((c) => c.tokenLaunched === null).length;
    expect(launched.total + pre.total + nulls).toBe(all.total);
    expect((await h.get('/v1/projects?token=maybe')).status).toBe(400);
  });

  it('sorts by name or recent (default)', async () => {
    const h = harness();
    const names = (await h.get('/v1/projects?sort=name&limit=100')).body.data.map((c: { name: string }) =>
      c.name.toLowerCase(),
    ) as string[];
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    const recent = (await h.get('/v1/projects?limit=100')).body.data as { createdAt: string }[];
    for (let i = 1; i < recent.length; i++) expect(recent[i - 1]!.createdAt >= recent[i]!.createdAt).toBe(true);
  });
});

describe('GET /v1/projects/{id}', () => {
  it('resolves by id or slug and returns { project, team[], portfolio[], meta }', async () => {
    const h = harness();
    const byId = (await h.get(`/v1/projects/${ANCHORS.founderCompany.id}`)).body;
    const bySlug = (await h.get(`/v1/projects/${ANCHORS.founderCompany.slug}`)).body;
    expect(byId.project).toEqual(bySlug.project);
    expect(Object.keys(byId).sort()).toEqual(['meta', 'portfolio', 'project', 'team']);
    expect(byId.team.map((p: { id: string }) => p.id).sort()).toEqual([ANCHORS.cofounder.id, ANCHORS.founder.id].sort());
    for (const p of byId.team) for (const f of PRIVATE) expect(p[f]).toBeNull();
  });

  it('resolves any companyType from 1.5.0 (a fund, a platform) and shows funding activity of a non-fund backer', async () => {
    const h = harness();
    const fund = (await h.get(`/v1/projects/${ANCHORS.fund.slug}`)).body;
    expect(fund.project.companyType).toBe('investor');
    const exchange = (await h.get(`/v1/projects/${ANCHORS.exchange.id}`)).body;
    expect(exchange.project.companyType).toBe('platform');
    expect(exchange.portfolio.length).toBeGreaterThan(0);
    expect(exchange.portfolio[0].company.id).toBe(ANCHORS.founderCompany.id);
  });

  it('keeps tokenLaunched three-state and lifecycle as recorded', async () => {
    const h = harness();
    expect((await h.get(`/v1/projects/${ANCHORS.tokenUnknownProject.id}`)).body.project.tokenLaunched).toBeNull();
    expect((await h.get(`/v1/projects/${ANCHORS.defunctProject.slug}`)).body.project.lifecycle).toBe('defunct');
    expect((await h.get(`/v1/projects/${ANCHORS.founderCompany.slug}`)).body.project.lifecycle).toBeNull();
  });
});

describe('GET /v1/investors', () => {
  it('lists funds (firms and angels) with investor fields', async () => {
    const h = harness();
    const body = (await h.get('/v1/investors?limit=100')).body;
    expect(body.total).toBe(h.emu.directory.investors.length);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'id',
        'name',
        'slug',
        'companyType',
        'logoUrl',
        'domain',
        'linkedinUrl',
        'discordUrl',
        'twitterHandle',
        'communityLink',
        'fundType',
        'entityKind',
        'fundAllTimeRoiPct',
        'trustTier',
        'trustTierRank',
        'aiSummary',
        'followers',
        'handleHistory',
        'twitterRisk',
        'altRoles',
        'portfolioCount',
        'lifecycle',
        'createdAt',
      ].sort(),
    );
    const kinds = new Set(h.emu.directory.investors.map((c) => c.entityKind));
    expect(kinds).toEqual(new Set(['organization', 'individual']));
  });

  it('filters by q, fundType and trustTier', async () => {
    const h = harness();
    expect((await h.get('/v1/investors?q=meridian')).body.data[0].id).toBe(ANCHORS.fund.id);
    const angels = (await h.get('/v1/investors?fundType=angel&limit=100')).body;
    expect(angels.total).toBeGreaterThan(20);
    for (const c of angels.data) expect(c).toMatchObject({ fundType: 'angel', entityKind: 'individual' });
    const tierS = (await h.get('/v1/investors?trustTier=S&limit=100')).body;
    for (const c of tierS.data) expect(c.trustTier).toBe('S');
  });

  it('sorts by portfolio (default), roi, name and recent', async () => {
    const h = harness();
    const byPortfolio = (await h.get('/v1/investors?limit=100')).body.data as { portfolioCount: number }[];
    for (let i = 1; i < byPortfolio.length; i++)
      expect(byPortfolio[i - 1]!.portfolioCount).toBeGreaterThanOrEqual(byPortfolio[i]!.portfolioCount);
    const byRoi = (await h.get('/v1/investors?sort=roi&limit=100')).body.data as { fundAllTimeRoiPct: number | null }[];
    const rois = byRoi.map((c) => c.fundAllTimeRoiPct ?? -Infinity);
    for (let i = 1; i < rois.length; i++) expect(rois[i - 1]!).toBeGreaterThanOrEqual(rois[i]!);
    const byName = (await h.get('/v1/investors?sort=name&limit=100')).body.data.map((c: { name: string }) =>
      c.name.toLowerCase(),
    ) as string[];
    expect([...byName].sort((a, b) => a.localeCompare(b))).toEqual(byName);
    expect((await h.get('/v1/investors?sort=recent')).status).toBe(200);
    expect((await h.get('/v1/investors?sort=hot')).status).toBe(400);
  });
});

describe('GET /v1/investors/{slug}', () => {
  it('returns { investor, team[], portfolio[], meta } by slug or id (1.5.0), with portfolio rows', async () => {
    const h = harness();
    const bySlug = (await h.get(`/v1/investors/${ANCHORS.fund.slug}`)).body;
    const byId = (await h.get(`/v1/investors/${ANCHORS.fund.id}`)).body;
    expect(byId.investor).toEqual(bySlug.investor);
    expect(Object.keys(bySlug).sort()).toEqual(['investor', 'meta', 'portfolio', 'team']);
    expect(bySlug.investor).toMatchObject({
      entityKind: 'organization',
      twitterHandle: 'MeridianVC',
      portfolioCount: bySlug.portfolio.length,
    });
    expect(bySlug.team.map((p: { id: string }) => p.id)).toContain(ANCHORS.fundPerson.id);
    expect(Object.keys(bySlug.portfolio[0]).sort()).toEqual([
      'amountUsd',
      'announceDate',
      'company',
      'investmentId',
      'isLead',
      'roundEventName',
      'roundType',
    ]);
    expect(bySlug.portfolio.some((r: { isLead: boolean }) => r.isLead)).toBe(true);
    expect(bySlug.portfolio[0].company).toHaveProperty('companyType');
  });

  it('returns an angel investor (entityKind individual) with the angel as team', async () => {
    const h = harness();
    const body = (await h.get(`/v1/investors/${ANCHORS.angel.slug}`)).body;
    expect(body.investor).toMatchObject({ entityKind: 'individual', fundType: 'angel' });
    expect(body.team.map((p: { id: string }) => p.id)).toEqual([ANCHORS.angel.personId]);
  });
});

describe('GET /v1/services', () => {
  it('holds service, platform and launchpad, told apart by companyType, plus the overlap of other kinds that sell a service', async () => {
    const h = harness();
    const all: { id: string; companyType: string }[] = [];
    for (let page = 1; ; page++) {
      const body = (await h.get(`/v1/services?limit=100&page=${page}`)).body;
      all.push(...body.data);
      if (page >= body.totalPages) break;
    }
    expect(new Set(all.map((c) => c.companyType))).toEqual(new Set(['service', 'platform', 'launchpad', 'investor', 'project']));
    const ids = all.map((c) => c.id);
    for (const a of [ANCHORS.auditor, ANCHORS.exchange, ANCHORS.launchpad, ANCHORS.altRolesFund]) expect(ids).toContain(a.id);
    expect(all.find((c) => c.id === ANCHORS.altRolesFund.id)?.companyType).toBe('investor');
    expect(ids).not.toContain(ANCHORS.fund.id);
  });

  it('filters by q and sector, sorts by name', async () => {
    const h = harness();
    expect((await h.get('/v1/services?q=sentinel')).body.data[0].id).toBe(ANCHORS.auditor.id);
    const audits = (await h.get('/v1/services?sector=Auditing&limit=100')).body;
    for (const c of audits.data) expect(c.sectors).toContain('Auditing');
    const names = (await h.get('/v1/services?sort=name&limit=100')).body.data.map((c: { name: string }) =>
      c.name.toLowerCase(),
    ) as string[];
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });
});

describe('GET /v1/services/{slug}', () => {
  it('returns { service, team[], meta } for a service provider, platform, launchpad or overlap fund', async () => {
    const h = harness();
    const body = (await h.get(`/v1/services/${ANCHORS.auditor.slug}`)).body;
    expect(Object.keys(body).sort()).toEqual(['meta', 'service', 'team']);
    expect(body.service).toMatchObject({ companyType: 'service', name: 'Sentinel Audits' });
    expect(body.team.map((p: { id: string }) => p.id)).toContain(ANCHORS.sameName.second.id);
    expect((await h.get(`/v1/services/${ANCHORS.exchange.slug}`)).body.service.companyType).toBe('platform');
    expect((await h.get(`/v1/services/${ANCHORS.launchpad.slug}`)).body.service.companyType).toBe('launchpad');
    expect((await h.get(`/v1/services/${ANCHORS.altRolesFund.slug}`)).body.service.companyType).toBe('investor');
    expect((await h.get(`/v1/services/${ANCHORS.fund.slug}`)).status).toBe(404);
  });
});

describe('GET /v1/network', () => {
  it('is planned, not live: 404 JSON', async () => {
    const h = harness();
    const res = await h.get('/v1/network');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.body).toEqual({ error: expect.any(String) });
    expect((await h.get('/v1/network/graph?from=x')).status).toBe(404);
  });
});

describe('unknown route', () => {
  it('returns 404 JSON', async () => {
    const h = harness();
    for (const path of ['/v1/nope', '/v2/people', '/', '/v1/people/a/b']) {
      const res = await h.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });

  it('answers non-GET methods with 405 JSON (the API is read-only)', async () => {
    const h = harness();
    const res = await h.emu.handle(
      new Request('http://127.0.0.1:8787/v1/people', { method: 'DELETE', headers: { Authorization: 'Bearer test_pro' } }),
    );
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });
});

describe('team[] channels', () => {
  it('shows private channels on team lists only for contacts the account unlocked', async () => {
    const h = harness();
    await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`);
    const team = (await h.get(`/v1/projects/${ANCHORS.founderCompany.slug}`)).body.team as Record<string, unknown>[];
    const ada = team.find((p) => p.id === ANCHORS.founder.id)!;
    const tomas = team.find((p) => p.id === ANCHORS.cofounder.id)!;
    expect(ada).toMatchObject({ email: 'ada@quantlayer.xyz', telegram: '@adaquant', isLocked: false });
    expect(tomas).toMatchObject({ email: null, telegram: null, linkedinUrl: null, isLocked: true });
    // Another account sees nothing.
    const other = (await h.get(`/v1/projects/${ANCHORS.founderCompany.slug}`, 'test_team')).body.team as Record<string, unknown>[];
    expect(other.find((p) => p.id === ANCHORS.founder.id)).toMatchObject({ email: null, isLocked: true });
    // Coworkers follow the same rule.
    const tomasDetail = (await h.get(`/v1/people/${ANCHORS.cofounder.id}`)).body;
    expect(tomasDetail.data.coworkers[0]).toMatchObject({ id: ANCHORS.founder.id, email: 'ada@quantlayer.xyz' });
  });
});

// ---- search ----
describe('GET /v1/search', () => {
  it('returns { q, projects[], people[], meta } with no total and no paging', async () => {
    const h = harness();
    const { status, body } = await h.get('/v1/search?q=ada');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['meta', 'people', 'projects', 'q']);
    expect(body.q).toBe('ada');
    expect(body.meta).toEqual({ creditsCharged: 5, creditsBalance: 5995 });
  });

  it('returns at most 12 projects and 12 people (search size limit)', async () => {
    const h = harness();
    const body = (await h.get('/v1/search?q=a')).body;
    expect(body.projects).toHaveLength(12);
    expect(body.people).toHaveLength(12);
    const paged = (await h.get('/v1/search?q=a&limit=100&page=2')).body;
    expect(paged.people).toEqual(body.people);
  });

  it('ranks exact matches of name, handle or ticker first, then prefix, then substring (case-insensitive)', async () => {
    const h = harness();
    const byHandle = (await h.get('/v1/search?q=adaquant')).body;
    expect(byHandle.people[0].id).toBe(ANCHORS.founder.id);
    const byAt = (await h.get('/v1/search?q=%40AdaQuant')).body;
    expect(byAt.people[0].id).toBe(ANCHORS.founder.id);
    const byTicker = (await h.get('/v1/search?q=qlr')).body;
    expect(byTicker.projects[0].id).toBe(ANCHORS.founderCompany.id);
    const byName = (await h.get('/v1/search?q=QUANTLAYER')).body;
    expect(byName.projects[0].id).toBe(ANCHORS.founderCompany.id);
    // Prefix beats substring: "nova" puts names starting with Nova before names merely containing it.
    const d = seedDirectory(1);
    const hits = search(d.companies, d.people, 'nova');
    const firstSubstringOnly = hits.companies.findIndex(
      (c) =>
        !c.name
          .toLowerCase()
          .split(/[\s_\-.]+/)
          .some((w) => w.startsWith('nova')) && !c.slug.startsWith('nova'),
    );
    if (firstSubstringOnly !== -1) {
      for (const c of hits.companies.slice(firstSubstringOnly)) expect(c.name.toLowerCase().startsWith('nova')).toBe(false);
    }
  });

  it('reliably returns a person when q is exactly their twitterHandle or full name', () => {
    const d = seedDirectory(1);
    // A stride through the whole directory (every anchor included) keeps this under a couple of seconds.
    const sample = d.people.filter((p, i) => i % 15 === 0 || p.id.startsWith('per_anchor_'));
    const missing: string[] = [];
    for (const p of sample) {
      if (!search(d.companies, d.people, p.twitterHandle).people.includes(p)) missing.push(`handle ${p.twitterHandle}`);
      if (p.twitterHandle.length % 3 === 0 && !search(d.companies, d.people, p.twitterHandle.toUpperCase()).people.includes(p)) {
        missing.push(`HANDLE ${p.twitterHandle}`);
      }
    }
    for (const p of sample.filter((_, i) => i % 2 === 0)) {
      if (!search(d.companies, d.people, `${p.firstName} ${p.lastName}`).people.includes(p))
        missing.push(`name ${p.firstName} ${p.lastName}`);
    }
    expect(missing).toEqual([]);
  }, 20_000);

  it('finds both people sharing a full name (LinkedIn candidates)', async () => {
    const h = harness();
    const body = (await h.get(`/v1/search?q=${encodeURIComponent(ANCHORS.sameName.fullName)}`)).body;
    const ids = body.people.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([ANCHORS.sameName.first.id, ANCHORS.sameName.second.id]));
    expect(new Set(body.people.slice(0, 2).map((p: { companyId: string }) => p.companyId)).size).toBe(2);
  });

  it('holds companies of every kind in projects[] (project-record shape with companyType), so funds and services can be found', async () => {
    const h = harness();
    const fund = (await h.get('/v1/search?q=MeridianVC')).body.projects[0];
    expect(fund).toMatchObject({ id: ANCHORS.fund.id, companyType: 'investor' });
    expect(fund).toHaveProperty('tokenLaunched');
    expect((await h.get('/v1/search?q=sentinel%20audits')).body.projects[0].companyType).toBe('service');
    expect((await h.get('/v1/search?q=nimbus%20exchange')).body.projects[0].companyType).toBe('platform');
  });

  it('keeps people channels locked, even for contacts the account unlocked', async () => {
    const h = harness();
    await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`);
    const ada = (await h.get('/v1/search?q=AdaQuant')).body.people[0];
    expect(ada).toMatchObject({ email: null, phone: null, telegram: null, linkedinUrl: null, hasEmail: true });
    expect(ada.company.id).toBe(ANCHORS.founderCompany.id);
  });

  it('returns empty arrays for a name that does not exist', async () => {
    const h = harness();
    const body = (await h.get(`/v1/search?q=${encodeURIComponent(ANCHORS.notFound.name)}`)).body;
    expect(body.people).toEqual([]);
    expect(body.projects).toEqual([]);
  });

  it('400s when q is missing or blank', async () => {
    const h = harness();
    for (const path of ['/v1/search', '/v1/search?q=', '/v1/search?q=%20%20']) {
      const res = await h.get(path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });
});

// ---- versions ----
/** Every response body a client can get for the directory, for deep field checks. */
async function everything(h: ReturnType<typeof harness>): Promise<unknown[]> {
  const paths = [
    '/v1/people?limit=100',
    `/v1/people/${ANCHORS.founder.id}?include=private`,
    '/v1/projects?limit=100',
    `/v1/projects/${ANCHORS.founderCompany.slug}`,
    '/v1/investors?limit=100',
    `/v1/investors/${ANCHORS.fund.slug}`,
    '/v1/services?limit=100',
    `/v1/services/${ANCHORS.auditor.slug}`,
    '/v1/search?q=quant',
  ];
  const bodies: unknown[] = [];
  for (const p of paths) {
    const res = await h.get(p);
    expect(res.status, p).toBe(200);
    bodies.push(res.body);
  }
  return bodies;
}

describe('versions', () => {
  it('defaults to 1.5.0: Service-API-Version header equals apiVersion in /v1/me', async () => {
    const h = harness();
    const me = await h.get('/v1/me');
    expect(me.headers.get('service-api-version')).toBe('1.5.0');
    expect(me.body.apiVersion).toBe('1.5.0');
  });

  it('1.5.0: companyType on project, investor and service records; ticker, chains, discordUrl, linkedinUrl, slug present', async () => {
    const h = harness();
    const keys = allKeys(await everything(h));
    for (const f of ['companyType', 'ticker', 'chains', 'discordUrl', 'linkedinUrl', 'slug']) expect(keys.has(f), f).toBe(true);
    const inv = (await h.get('/v1/investors?limit=1')).body.data[0];
    expect(inv.companyType).toBe('investor');
  });

  it('1.4.0: no companyType anywhere', async () => {
    const h = harness({ apiVersion: '1.4.0' });
    expect((await h.get('/v1/me')).headers.get('service-api-version')).toBe('1.4.0');
    const keys = allKeys(await everything(h));
    expect(keys.has('companyType')).toBe(false);
    for (const f of ['ticker', 'chains', 'discordUrl', 'linkedinUrl', 'slug']) expect(keys.has(f), f).toBe(true);
  });

  it('1.4.0: /v1/investors/{slug} is keyed by slug only (an id -> 404)', async () => {
    const h = harness({ apiVersion: '1.4.0' });
    expect((await h.get(`/v1/investors/${ANCHORS.fund.slug}`)).status).toBe(200);
    const byId = await h.get(`/v1/investors/${ANCHORS.fund.id}`);
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual({ error: expect.any(String) });
  });

  it('before 1.5.0: /v1/projects/{id} resolves projects only; a non-fund that backed rounds still answered on /v1/investors/{slug}', async () => {
    const h = harness({ apiVersion: '1.4.0' });
    expect((await h.get(`/v1/projects/${ANCHORS.founderCompany.id}`)).status).toBe(200);
    expect((await h.get(`/v1/projects/${ANCHORS.fund.slug}`)).status).toBe(404);
    expect((await h.get(`/v1/projects/${ANCHORS.exchange.slug}`)).status).toBe(404);
    const legacy = await h.get(`/v1/investors/${ANCHORS.exchange.slug}`);
    expect(legacy.status).toBe(200);
    expect(legacy.body.portfolio.length).toBeGreaterThan(0);
    expect((await h.get(`/v1/investors/${ANCHORS.auditor.slug}`)).status).toBe(404);
    expect((await h.get(`/v1/projects/${ANCHORS.founderCompany.id}`)).body).not.toHaveProperty('portfolio');
  });

  it('1.1.0: ticker, chains, discordUrl, linkedinUrl, slug and companyType are absent (not null) everywhere', async () => {
    const h = harness({ apiVersion: '1.1.0' });
    const bodies = await everything(h);
    const keys = allKeys(bodies);
    for (const f of ['companyType', 'ticker', 'chains', 'discordUrl', 'linkedinUrl', 'slug']) expect(keys.has(f), f).toBe(false);
    // The rest of a reveal is still there.
    const reveal = bodies[1] as { data: { person: Record<string, unknown> } };
    expect(reveal.data.person).toMatchObject({ email: 'ada@quantlayer.xyz', telegram: '@adaquant', hasLinkedin: true });
    // Slug lookups still work on the path.
    expect((await h.get(`/v1/projects/${ANCHORS.founderCompany.slug}`)).status).toBe(200);
  });

  it('configure({ apiVersion }) switches the build at runtime; reset() restores the created version', async () => {
    const h = harness();
    h.emu.control.configure({ apiVersion: '1.1.0' });
    const res = await h.get('/v1/projects?limit=1');
    expect(res.headers.get('service-api-version')).toBe('1.1.0');
    expect(res.body.data[0]).not.toHaveProperty('ticker');
    expect((await h.get('/v1/me')).body.apiVersion).toBe('1.1.0');
    h.emu.control.reset();
    expect((await h.get('/v1/me')).body.apiVersion).toBe('1.5.0');
  });
});

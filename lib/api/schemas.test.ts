import { describe, expect, it } from 'vitest';
import {
  SearchResultsSchema,
  AccountBodySchema,
  InvestorDetailBodySchema,
  InvestorSchema,
  InvestorsListBodySchema,
  PeopleListBodySchema,
  PersonDetailBodySchema,
  PersonSchema,
  PortfolioRowSchema,
  ProjectDetailBodySchema,
  ProjectSchema,
  ProjectsListBodySchema,
  SearchBodySchema,
  ServicesListBodySchema,
} from './schemas';
import { accountJson, investorJson, meta, personJson, portfolioRowJson, projectJson } from '@/tests/support/records';

function omit(record: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

describe('ProjectSchema', () => {
  it('parses a 1.5.0 record and keeps unknown fields', () => {
    const parsed = ProjectSchema.parse(projectJson({ fundingRounds: [{ amount: 1 }], newFlag: true }));
    expect(parsed.companyType).toBe('project');
    expect(parsed.ticker).toBe('QLR');
    expect(parsed.fundingRounds).toEqual([{ amount: 1 }]);
    expect(parsed.newFlag).toBe(true);
  });

  it('parses a 1.1.0 record without the 1.2.0 and 1.5.0 fields, leaving them undefined', () => {
    const old = omit(projectJson(), 'slug', 'ticker', 'chains', 'discordUrl', 'linkedinUrl', 'companyType');
    const parsed = ProjectSchema.parse(old);
    expect(parsed.slug).toBeUndefined();
    expect(parsed.ticker).toBeUndefined();
    expect(parsed.chains).toBeUndefined();
    expect(parsed.discordUrl).toBeUndefined();
    expect(parsed.linkedinUrl).toBeUndefined();
    expect(parsed.companyType).toBeUndefined();
  });

  it('parses a 1.4.0 record (1.2 fields, no companyType)', () => {
    const parsed = ProjectSchema.parse(omit(projectJson(), 'companyType'));
    expect(parsed.ticker).toBe('QLR');
    expect(parsed.companyType).toBeUndefined();
  });

  it.each([
    ['an unknown future value', 'dao'],
    ['null', null],
    ['a number', 7],
  ])('turns companyType %s into undefined without failing the record', (_label, companyType) => {
    const result = ProjectSchema.safeParse(projectJson({ companyType }));
    expect(result.success).toBe(true);
    expect(result.data?.companyType).toBeUndefined();
  });

  it.each(['project', 'investor', 'platform', 'launchpad', 'service', 'institution'])('accepts companyType %s', (companyType) => {
    expect(ProjectSchema.parse(projectJson({ companyType })).companyType).toBe(companyType);
  });

  it.each([
    [true, true],
    [false, false],
    [null, null],
    [undefined, null],
  ])('reads tokenLaunched %s as %s', (tokenLaunched, expected) => {
    const input = tokenLaunched === undefined ? omit(projectJson(), 'tokenLaunched') : projectJson({ tokenLaunched });
    expect(ProjectSchema.parse(input).tokenLaunched).toBe(expected);
  });

  it.each([['false'], [0], ['yes']])('rejects tokenLaunched %j (a stated type)', (tokenLaunched) => {
    const result = ProjectSchema.safeParse(projectJson({ tokenLaunched }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['tokenLaunched']);
  });

  it.each([
    ['defunct', 'defunct'],
    ['deceased', 'deceased'],
    [null, null],
    ['acquired', null],
  ])('reads lifecycle %j as %j', (lifecycle, expected) => {
    expect(ProjectSchema.parse(projectJson({ lifecycle })).lifecycle).toBe(expected);
  });

  it.each([
    ['size', { min: 11, max: 50 }],
    ['followers', '12k'],
    ['handleHistory', [{ handle: 'a', until: 1 }]],
    ['twitterRisk', 0.3],
  ])('keeps the not-shown field %s as recorded', (field, value) => {
    expect(ProjectSchema.parse(projectJson({ [field]: value }))[field]).toEqual(value);
  });

  it.each([
    ['id missing', omit(projectJson(), 'id'), ['id']],
    ['name missing', omit(projectJson(), 'name'), ['name']],
    ['sectors not strings', projectJson({ sectors: [1] }), ['sectors', 0]],
    ['domain a number', projectJson({ domain: 5 }), ['domain']],
  ])('fails when %s', (_label, input, path) => {
    const result = ProjectSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
  });

  it('normalises a numeric id to a string', () => {
    expect(ProjectSchema.parse(projectJson({ id: 42 })).id).toBe('42');
  });

  it('reads absent plain fields as null', () => {
    const parsed = ProjectSchema.parse({ id: 'p', name: 'P' });
    expect(parsed).toMatchObject({ domain: null, sectors: null, logoUrl: null, tokenLaunched: null, lifecycle: null, createdAt: null });
  });
});

describe('PersonSchema', () => {
  it('parses a list record with locked channels and a full company', () => {
    const parsed = PersonSchema.parse(personJson());
    expect(parsed.email).toBeNull();
    expect(parsed.hasEmail).toBe(true);
    expect(parsed.company?.name).toBe('QuantLayer');
  });

  it('accepts a null company', () => {
    expect(PersonSchema.parse(personJson({ company: null, companyId: null })).company).toBeNull();
  });

  it('reads absent channels as null and keeps unknown fields', () => {
    const parsed = PersonSchema.parse({ ...omit(personJson(), 'email', 'phone', 'telegram', 'linkedinUrl'), xp: 1 });
    expect([parsed.email, parsed.phone, parsed.telegram, parsed.linkedinUrl]).toEqual([null, null, null, null]);
    expect(parsed.xp).toBe(1);
  });

  it('parses revealed channels', () => {
    const parsed = PersonSchema.parse(personJson({ email: 'ada@quantlayer.xyz', telegram: '@ada' }));
    expect(parsed.email).toBe('ada@quantlayer.xyz');
    expect(parsed.telegram).toBe('@ada');
  });

  it('fails when the embedded company is not a project record', () => {
    const result = PersonSchema.safeParse(personJson({ company: { id: 'x' } }));
    expect(result.error?.issues[0]?.path).toEqual(['company', 'name']);
  });

  it.each([
    ['hasEmail', 'true'],
    ['email', 42],
    ['creatorFollowerCount', '10'],
  ])('rejects %s = %j', (field, value) => {
    expect(PersonSchema.safeParse(personJson({ [field]: value })).success).toBe(false);
  });

  it('parses a 1.1.0 person without slug', () => {
    expect(PersonSchema.parse(omit(personJson(), 'slug')).slug).toBeUndefined();
  });
});

describe('InvestorSchema and PortfolioRowSchema', () => {
  it('parses a fund and keeps unknown fields', () => {
    const parsed = InvestorSchema.parse(investorJson({ aum: '1B' }));
    expect(parsed.entityKind).toBe('organization');
    expect(parsed.portfolioCount).toBe(2);
    expect(parsed.aum).toBe('1B');
  });

  it.each([
    ['portfolioCount', '42', null],
    ['fundAllTimeRoiPct', 'n/a', null],
    ['entityKind', 'syndicate', null],
    ['trustTier', 3, null],
    ['altRoles', 'service', null],
  ])('never fails on the not-shown field %s = %j (reads %j)', (field, value, expected) => {
    const result = InvestorSchema.safeParse(investorJson({ [field]: value }));
    expect(result.success).toBe(true);
    expect(result.data?.[field]).toEqual(expected);
  });

  it('parses a pre-1.5 investor without companyType', () => {
    expect(InvestorSchema.parse(omit(investorJson(), 'companyType')).companyType).toBeUndefined();
  });

  it.each([
    ['a full row', portfolioRowJson()],
    ['an empty row', {}],
    ['junk types', { investmentId: {}, amountUsd: 'lots', isLead: 'yes', announceDate: [] }],
  ])('parses %s', (_label, row) => {
    expect(PortfolioRowSchema.safeParse(row).success).toBe(true);
  });
});

describe('envelopes', () => {
  const projectBody = (team: unknown[], more: Record<string, unknown> = {}) => ({ project: projectJson(), team, meta: meta(), ...more });

  it('parses a project detail and keeps unknown envelope keys', () => {
    const parsed = ProjectDetailBodySchema.parse(projectBody([personJson()], { cursor: 'abc' }));
    expect(parsed.team).toHaveLength(1);
    expect(parsed.cursor).toBe('abc');
  });

  it.each([
    ['meta missing', omit(projectBody([]), 'meta'), ['meta']],
    ['project missing', omit(projectBody([]), 'project'), ['project']],
    ['meta.creditsCharged a string', projectBody([], { meta: { creditsCharged: '5', creditsBalance: 1 } }), ['meta', 'creditsCharged']],
    ['a bad team row', projectBody([personJson(), personJson({ id: null })]), ['team', 1, 'id']],
  ])('fails a detail when %s', (_label, body, path) => {
    expect(ProjectDetailBodySchema.safeParse(body).error?.issues[0]?.path).toEqual(path);
  });

  it.each([
    ['meta only', { data: { person: personJson(), coworkers: [] }, meta: meta() }, true],
    ['top-level only (reveal)', { data: { person: personJson(), coworkers: [] }, creditsCharged: 10, creditsBalance: 90 }, true],
    ['top-level balance missing, no meta', { data: { person: personJson(), coworkers: [] }, creditsCharged: 10 }, false],
    ['no credits anywhere', { data: { person: personJson(), coworkers: [] } }, false],
  ])('person detail with %s → valid %s', (_label, body, valid) => {
    expect(PersonDetailBodySchema.safeParse(body).success).toBe(valid);
  });

  it('parses an investor detail with team and portfolio', () => {
    const parsed = InvestorDetailBodySchema.parse({
      investor: investorJson(),
      team: [personJson()],
      portfolio: [portfolioRowJson()],
      meta: meta(),
    });
    expect(parsed.portfolio[0]?.isLead).toBe(true);
  });

  it('parses a search answer', () => {
    const parsed = SearchBodySchema.parse({ q: 'ada', projects: [projectJson()], people: [personJson()], meta: meta() });
    expect(parsed.people[0]?.firstName).toBe('Ada');
  });
});

describe('AccountBodySchema', () => {
  it('parses /v1/me and keeps unknown fields', () => {
    const parsed = AccountBodySchema.parse(accountJson({ referralCode: 'R1' }));
    expect(parsed.tier).toBe('pro');
    expect(parsed.apiKey.scopes).toContain('read:contacts');
    expect(parsed.referralCode).toBe('R1');
  });

  it.each([
    ['an unknown tier', { tier: 'growth' }, 'tier', null],
    [
      'an unknown scope',
      { apiKey: { ...(accountJson().apiKey as object), scopes: ['read:metadata', 'write:lists'] } },
      'sampleMode',
      false,
    ],
  ])('does not fail on %s', (_label, overrides, field, expected) => {
    const result = AccountBodySchema.safeParse(accountJson(overrides));
    expect(result.success).toBe(true);
    expect(result.data?.[field]).toEqual(expected);
  });

  it.each([
    ['baseUrl', ['baseUrl']],
    ['creditsBalance', ['creditsBalance']],
    ['sampleMode', ['sampleMode']],
    ['apiKey', ['apiKey']],
  ])('requires %s', (field, path) => {
    expect(AccountBodySchema.safeParse(omit(accountJson(), field)).error?.issues[0]?.path).toEqual(path);
  });
});

describe('search answers keep their readable rows', () => {
  it('drops a malformed row instead of failing the paid answer', () => {
    const good = { id: 'p1', firstName: 'Ada', lastName: 'Lindqvist', twitterHandle: 'AdaQuant' };
    const parsed = SearchResultsSchema.safeParse({ q: 'ada', people: [good, { id: { nested: true } }, 'junk'], projects: [42] });
    expect(parsed.success).toBe(true);
    expect(parsed.success && parsed.data.people.map((p) => p.id)).toEqual(['p1']);
    expect(parsed.success && parsed.data.projects).toEqual([]);
  });
  it('still fails when the rows are not a list at all', () => {
    expect(SearchResultsSchema.safeParse({ q: 'ada', people: 'nope', projects: [] }).success).toBe(false);
  });
});

describe('list envelopes (prospect search)', () => {
  const listBody = (data: unknown[], more: Record<string, unknown> = {}) => ({
    data,
    total: 250,
    page: 2,
    totalPages: 3,
    meta: meta(),
    ...more,
  });

  it.each([
    ['people', PeopleListBodySchema, personJson()],
    ['projects', ProjectsListBodySchema, projectJson()],
    ['investors', InvestorsListBodySchema, investorJson()],
    ['services', ServicesListBodySchema, projectJson({ companyType: 'platform' })],
  ])('%s: rows, total, page; unreadable rows dropped, not the paid answer', (_label, schema, row) => {
    const parsed = schema.parse(listBody([row, { id: { nested: true } }, 'junk', row]));
    expect(parsed.data).toHaveLength(2);
    expect(parsed).toMatchObject({ total: 250, page: 2, totalPages: 3 });
  });

  it.each([
    ['total missing', omit(listBody([]), 'total'), ['total']],
    ['page missing', omit(listBody([]), 'page'), ['page']],
    ['meta missing', omit(listBody([]), 'meta'), ['meta']],
    ['rows that are not a list', listBody([], { data: { 0: personJson() } }), ['data']],
  ])('fails when %s', (_label, body, path) => {
    expect(PeopleListBodySchema.safeParse(body).error?.issues[0]?.path).toEqual(path);
  });

  it.each([
    ['absent', undefined],
    ['odd', 'three'],
  ])('totalPages %s reads as null', (_label, totalPages) => {
    expect(ProjectsListBodySchema.parse(listBody([], { totalPages })).totalPages).toBeNull();
  });

  it('facets of any shape never fail the answer (they are read by lib/api/facets.ts)', () => {
    for (const facets of [{ roles: { bd: 3 } }, 'junk', [1, 2], null])
      expect(PeopleListBodySchema.safeParse(listBody([personJson()], { facets })).success).toBe(true);
  });
});

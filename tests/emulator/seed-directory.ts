// Builds the deterministic directory: anchors plus seeded people, projects, funds, services and institutions.
// Same seed -> identical directory (no clock, no Math.random). Results are deep-frozen and cached per seed.

import { ANCHOR_COMPANIES, ANCHOR_PEOPLE, RESERVED } from './anchors';
import {
  ANALYST_TITLES,
  CHAINS,
  DOMAIN_TLDS,
  FIRST_NAMES,
  FUND_PREFIXES,
  FUND_SUFFIXES,
  FUND_TYPES,
  JOB_TITLES,
  LAST_NAMES,
  PROJECT_PREFIXES,
  PROJECT_SUFFIXES,
  ROUND_LABELS,
  ROUND_TYPES,
  SECTORS,
  SERVICE_NAMES,
  SERVICE_SECTORS,
  SIZES,
  TRUST_TIERS,
} from './name-pools';
import { createRng, type Rng } from './prng';
import type { CompanyRecord, CompanyType, PersonRecord, Role, SeededDirectory } from './types';

/** Target sizes (spec minimums: 2,000 people, 600 projects, 150 investors, 150 services). */
export const SEED_COUNTS = {
  projects: 700,
  fundFirms: 150,
  angels: 40,
  services: 95,
  platforms: 45,
  launchpads: 28,
  institutions: 20,
  analysts: 160,
} as const;

// Fixed "today" for generated timestamps, so output never depends on the wall clock.
const EPOCH_END = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

const kebab = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const handleSafe = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, '');
const iso = (ms: number): string => new Date(ms).toISOString();

class Builder {
  readonly rng: Rng;
  readonly handles = new Set(RESERVED.handles);
  readonly ids = new Set<string>();
  readonly companySlugs = new Set(RESERVED.companySlugs);
  readonly companyNames = new Set(RESERVED.companyNames);
  readonly personSlugs = new Set(RESERVED.personSlugs);
  readonly companies: CompanyRecord[] = [];
  readonly people: PersonRecord[] = [];

  constructor(seed: number) {
    this.rng = createRng(seed);
  }

  id(prefix: 'per' | 'cmp' | 'inv'): string {
    for (;;) {
      const id = `${prefix}_${this.rng.base36(10)}`;
      if (!this.ids.has(id)) {
        this.ids.add(id);
        return id;
      }
    }
  }

  /** Claims the first free X handle among candidates (case-insensitive uniqueness, 1-15 chars). */
  handle(candidates: string[]): string {
    for (const raw of candidates) {
      const h = handleSafe(raw).slice(0, 15);
      if (h.length > 0 && !this.handles.has(h.toLowerCase())) {
        this.handles.add(h.toLowerCase());
        return h;
      }
    }
    const base = handleSafe(candidates[0] ?? 'user').slice(0, 11) || 'user';
    for (;;) {
      const h = `${base}${this.rng.int(10, 9999)}`;
      if (!this.handles.has(h.toLowerCase())) {
        this.handles.add(h.toLowerCase());
        return h;
      }
    }
  }

  date(fromMs: number, toMs: number): number {
    return fromMs + Math.floor(this.rng.next() * Math.max(1, toMs - fromMs));
  }

  companyName(make: () => string): string | undefined {
    for (let attempt = 0; attempt < 200; attempt++) {
      const name = make();
      if (!this.companyNames.has(name.toLowerCase())) {
        this.companyNames.add(name.toLowerCase());
        return name;
      }
    }
    return undefined;
  }

  companySlug(name: string): string {
    const base = kebab(name);
    let slug = base;
    for (let n = 2; this.companySlugs.has(slug); n++) slug = `${base}-${n}`;
    this.companySlugs.add(slug);
    return slug;
  }

  personSlug(first: string, last: string): string {
    const base = kebab(`${first} ${last}`);
    let slug = base;
    for (let n = 2; this.personSlugs.has(slug); n++) slug = `${base}-${n}`;
    this.personSlugs.add(slug);
    return slug;
  }
}

function baseCompany(b: Builder, name: string, companyType: CompanyType, sectors: string[]): CompanyRecord {
  const { rng } = b;
  const slug = b.companySlug(name);
  const bare = slug.replace(/-/g, '');
  const compact = name.replace(/[^A-Za-z0-9]/g, '');
  const created = b.date(EPOCH_END - 6 * 365 * DAY, EPOCH_END - 30 * DAY);
  const historyCount = rng.chance(0.15) ? rng.int(1, 2) : 0;
  return {
    id: b.id('cmp'),
    name,
    slug,
    companyType,
    ticker: null,
    domain: `${bare}${rng.pick(DOMAIN_TLDS)}`,
    sectors,
    chains: [],
    size: rng.pick(SIZES),
    logoUrl: rng.chance(0.9) ? `https://cdn.directory.example/logos/${slug}.png` : null,
    twitterHandle: rng.chance(0.95)
      ? b.handle([compact, `${compact}HQ`, `${compact}_xyz`, compact.toLowerCase(), `${compact}Official`])
      : null,
    communityLink: rng.chance(0.7) ? `https://t.me/${bare}` : null,
    discordUrl: rng.chance(0.55) ? `https://discord.gg/${rng.base36(8)}` : null,
    linkedinUrl: rng.chance(0.8) ? `https://www.linkedin.com/company/${slug}` : null,
    tokenLaunched: null,
    tokenLink: null,
    aiSummary: '',
    followers: Math.floor(Math.exp(rng.next() * Math.log(500_000))) + 50,
    handleHistory: Array.from({ length: historyCount }, (_, i) => `${compact.slice(0, 11)}${i === 0 ? 'Old' : 'V1'}`),
    twitterRisk: rng.pick(['low', 'low', 'low', 'low', 'low', 'low', 'medium', 'medium', 'high', null] as const),
    lifecycle: null,
    createdAt: iso(created),
    fundType: null,
    entityKind: null,
    fundAllTimeRoiPct: null,
    trustTier: null,
    trustTierRank: null,
    altRoles: [],
    portfolio: [],
  };
}

function ticker(rng: Rng, name: string): string {
  const letters = name.replace(/[^A-Za-z]/g, '').toUpperCase();
  const len = rng.int(3, 5);
  let t = letters.slice(0, 2);
  while (t.length < len) t += letters.charAt(rng.int(2, Math.max(2, letters.length - 1))) || 'X';
  return t;
}

function seedProjects(b: Builder): void {
  const { rng } = b;
  for (let i = 0; i < SEED_COUNTS.projects; i++) {
    const name = b.companyName(() => {
      const p = rng.pick(PROJECT_PREFIXES);
      const s = rng.pick(PROJECT_SUFFIXES);
      return rng.chance(0.6) ? `${p}${s}` : `${p} ${s}`;
    });
    if (!name) break;
    const c = baseCompany(b, name, 'project', rng.pickSome(SECTORS, 1, 3));
    c.chains = rng.pickSome(CHAINS, 1, 4);
    const tokenRoll = rng.next();
    c.tokenLaunched = tokenRoll < 0.55 ? true : tokenRoll < 0.85 ? false : null;
    if (c.tokenLaunched === true) {
      c.ticker = rng.chance(0.92) ? ticker(rng, name) : null;
      c.tokenLink = `https://www.coingecko.com/en/coins/${c.slug}`;
    } else if (c.tokenLaunched === false && rng.chance(0.15)) {
      c.ticker = ticker(rng, name); // announced but not launched
    }
    const life = rng.next();
    c.lifecycle = life < 0.05 ? 'defunct' : life < 0.07 ? 'deceased' : null;
    if (rng.chance(0.012)) c.altRoles = ['service']; // sells a service too: the services overlap
    c.aiSummary = `${name} builds ${c.sectors.join(' and ')} products on ${c.chains.join(', ')}.`;
    b.companies.push(c);
  }
}

function seedFunds(b: Builder): void {
  const { rng } = b;
  for (let i = 0; i < SEED_COUNTS.fundFirms; i++) {
    const name = b.companyName(() => `${rng.pick(FUND_PREFIXES)} ${rng.pick(FUND_SUFFIXES)}`);
    if (!name) break;
    const c = baseCompany(b, name, 'investor', rng.pickSome(SECTORS, 1, 4));
    c.fundType = rng.pick(FUND_TYPES);
    c.entityKind = 'organization';
    c.fundAllTimeRoiPct = rng.chance(0.7) ? Math.round((rng.next() * 960 - 60) * 10) / 10 : null;
    if (rng.chance(0.12)) c.altRoles = ['service'];
    if (rng.chance(0.02)) c.lifecycle = 'defunct';
    c.aiSummary = `${name} invests in ${c.sectors.join(', ')} at seed and Series A.`;
    b.companies.push(c);
  }
  for (let i = 0; i < SEED_COUNTS.angels; i++) {
    const name = b.companyName(() => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`);
    if (!name || RESERVED.fullNames.has(name.toLowerCase())) continue;
    const c = baseCompany(b, name, 'investor', rng.pickSome(SECTORS, 1, 3));
    c.fundType = 'angel';
    c.entityKind = 'individual';
    c.size = '1-10';
    c.domain = null;
    c.fundAllTimeRoiPct = rng.chance(0.4) ? Math.round((rng.next() * 500 - 40) * 10) / 10 : null;
    c.aiSummary = `${name} is an angel investor writing small cheques into ${c.sectors.join(', ')}.`;
    b.companies.push(c);
  }
  // Trust tiers: one ranking across all funds, split into quartiles.
  const funds = b.companies.filter((c) => c.companyType === 'investor');
  const ranked = funds.map((c) => ({ c, score: rng.next() })).sort((x, y) => y.score - x.score);
  ranked.forEach(({ c }, index) => {
    c.trustTierRank = index + 1;
    c.trustTier = TRUST_TIERS[Math.min(TRUST_TIERS.length - 1, Math.floor((index / ranked.length) * TRUST_TIERS.length))] ?? 'C';
  });
}

function seedServices(b: Builder): void {
  const { rng } = b;
  const kinds: [keyof typeof SERVICE_NAMES, number][] = [
    ['service', SEED_COUNTS.services],
    ['platform', SEED_COUNTS.platforms],
    ['launchpad', SEED_COUNTS.launchpads],
    ['institution', SEED_COUNTS.institutions],
  ];
  for (const [kind, count] of kinds) {
    const pool = SERVICE_NAMES[kind];
    for (let i = 0; i < count; i++) {
      const name = b.companyName(() => `${rng.pick(pool.prefixes)} ${rng.pick(pool.suffixes)}`);
      if (!name) break;
      const c = baseCompany(b, name, kind, rng.pickSome(SERVICE_SECTORS[kind], 1, 2));
      if (kind === 'platform') {
        c.chains = rng.pickSome(CHAINS, 1, 5);
        c.tokenLaunched = rng.chance(0.4);
        if (c.tokenLaunched) {
          c.ticker = ticker(rng, name);
          c.tokenLink = `https://www.coingecko.com/en/coins/${c.slug}`;
        }
      } else if (kind === 'launchpad') {
        c.chains = rng.pickSome(CHAINS, 1, 3);
        c.tokenLaunched = rng.chance(0.3) ? null : rng.chance(0.5);
        if (c.tokenLaunched) c.ticker = ticker(rng, name);
      } else if (kind === 'service') {
        c.tokenLaunched = rng.chance(0.6) ? false : null;
      }
      if (rng.chance(0.03)) c.lifecycle = 'defunct';
      c.aiSummary = `${name} provides ${c.sectors.join(' and ').toLowerCase()} for crypto teams.`;
      b.companies.push(c);
    }
  }
}

/** Funding rounds: each project raises 0-3 rounds from funds, plus a few non-fund backers (platforms, projects). */
function seedRounds(b: Builder): void {
  const { rng } = b;
  const funds = b.companies.filter((c) => c.companyType === 'investor');
  const corporateBackers = [
    ...rng.pickSome(
      b.companies.filter((c) => c.companyType === 'platform'),
      10,
      10,
    ),
    ...rng.pickSome(
      b.companies.filter((c) => c.companyType === 'project'),
      6,
      6,
    ),
  ];
  const targets = b.companies.filter((c) => c.companyType === 'project' || c.companyType === 'launchpad');
  for (const target of targets) {
    const rounds = rng.int(0, 3);
    const created = Date.parse(target.createdAt);
    for (let r = 0; r < rounds; r++) {
      const roundType = rng.pick(ROUND_TYPES);
      const announceDate = iso(b.date(created, EPOCH_END)).slice(0, 10);
      const amountUsd = rng.chance(0.12) ? null : rng.int(3, 400) * 50_000;
      const backers = rng.pickSome(funds, 1, 5);
      if (rng.chance(0.15)) backers.push(rng.pick(corporateBackers));
      backers.forEach((backer, index) => {
        if (backer.id === target.id || backer.portfolio.some((p) => p.companyId === target.id && p.roundType === roundType)) return;
        backer.portfolio.push({
          investmentId: b.id('inv'),
          companyId: target.id,
          roundType,
          roundEventName: `${target.name} ${ROUND_LABELS[roundType]}`,
          amountUsd,
          announceDate,
          isLead: index === 0,
        });
      });
    }
  }
  for (const c of b.companies)
    c.portfolio.sort((x, y) => y.announceDate.localeCompare(x.announceDate) || x.investmentId.localeCompare(y.investmentId));
}

function seedPerson(
  b: Builder,
  company: CompanyRecord | null,
  title: readonly [string, Role],
  names?: [string, string],
  ownHandle?: string | null,
): PersonRecord {
  const { rng } = b;
  let first: string;
  let last: string;
  if (names) {
    [first, last] = names;
  } else {
    do {
      first = rng.pick(FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
    } while (RESERVED.fullNames.has(`${first} ${last}`.toLowerCase()));
  }
  const f = first.toLowerCase();
  const l = last.toLowerCase();
  const chain = rng.pick(CHAINS).replace(/[^A-Za-z]/g, '');
  const variants = [
    `${first}${last}`,
    `${f}_${l}`,
    `${f}${l.charAt(0)}_eth`,
    `${first}_${last}`,
    `${f}on${chain.toLowerCase()}`,
    `${last}${first.charAt(0)}`,
    `0x${first}`,
    `${first}${cap(chain)}`,
    `${f}${l}`,
    `${first}${last.charAt(0)}xyz`,
  ];
  // Shuffle the candidate order so handle styles vary across people.
  const ordered = rng.pickSome(variants, variants.length, variants.length);
  const twitterHandle = ownHandle ?? b.handle(ordered);
  const domain = company?.domain ?? rng.pick(['gmail.com', 'proton.me', 'outlook.com']);
  const isAnalyst = company === null;
  const hasEmail = rng.chance(isAnalyst ? 0.45 : 0.6);
  const hasPhone = rng.chance(0.22);
  const hasTelegram = rng.chance(0.78);
  const hasLinkedin = rng.chance(isAnalyst ? 0.35 : 0.55);
  const slug = rng.chance(0.1) ? null : b.personSlug(first, last);
  const linkedinSlug = rng.chance(0.5) ? `${f}-${l}-${rng.hex(6)}` : rng.chance(0.5) ? `${f}${l}` : `${f}-${l}-${rng.base36(4)}`;
  const isCreator = rng.chance(isAnalyst ? 0.5 : 0.07);
  const companyCreated = company ? Date.parse(company.createdAt) : EPOCH_END - 5 * 365 * DAY;
  const id = b.id('per');
  return {
    id,
    slug,
    firstName: first,
    lastName: last,
    jobTitle: title[0],
    twitterHandle,
    avatarUrl: rng.chance(0.85) ? `https://cdn.directory.example/avatars/${id}.jpg` : null,
    isCreator,
    creatorFollowerCount: isCreator ? rng.int(5_000, 450_000) : rng.int(40, 4_800),
    companyId: company?.id ?? null,
    createdAt: iso(b.date(companyCreated, EPOCH_END)),
    hasEmail,
    hasPhone,
    hasTelegram,
    hasLinkedin,
    email: hasEmail ? (rng.chance(0.5) ? `${f}@${domain}` : `${f}.${l}@${domain}`) : null,
    phone: hasPhone
      ? `+${rng.pick(['1', '44', '49', '65', '971', '81', '33', '34', '91', '61'])} ${rng.int(200, 999)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`
      : null,
    telegram: hasTelegram ? `@${rng.chance(0.6) ? twitterHandle.toLowerCase() : `${f}_${l}`}` : null,
    linkedinUrl: hasLinkedin ? `https://www.linkedin.com/in/${linkedinSlug}` : null,
    role: title[1],
    contactType: isAnalyst ? 'analyst' : 'team',
  };
}

function seedPeople(b: Builder): void {
  const { rng } = b;
  for (const company of [...b.companies]) {
    if (company.entityKind === 'individual') {
      // An angel is a person too: their team is themselves, on the same X account.
      const [first = 'Alex', last = 'Doe'] = company.name.split(' ');
      b.people.push(seedPerson(b, company, ['Angel Investor', 'investor'], [first, last], company.twitterHandle));
      continue;
    }
    const kind = company.companyType;
    const titles = JOB_TITLES[kind === 'project' || kind === 'investor' || kind === 'institution' ? kind : 'service'];
    const size = kind === 'institution' ? rng.int(1, 2) : kind === 'project' || kind === 'investor' ? rng.int(2, 5) : rng.int(1, 4);
    for (let i = 0; i < size; i++) {
      // The first member of a project is always a founder, like real teams.
      const title = i === 0 && kind === 'project' ? (titles[rng.int(0, 2)] ?? titles[0]) : rng.pick(titles);
      if (!title) continue;
      b.people.push(seedPerson(b, company, title));
    }
  }
  for (let i = 0; i < SEED_COUNTS.analysts; i++) {
    const title = rng.pick(ANALYST_TITLES);
    b.people.push(seedPerson(b, null, [title, 'research']));
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Indexes over arrays of records; used for the frozen seed and for the emulator's mutable working copy. */
export function indexDirectory(seed: number, people: readonly PersonRecord[], companies: readonly CompanyRecord[]): SeededDirectory {
  const peopleById = new Map(people.map((p) => [p.id, p]));
  const companyByKey = new Map<string, CompanyRecord>();
  for (const c of companies) {
    companyByKey.set(c.id, c);
    companyByKey.set(c.slug.toLowerCase(), c);
  }
  const teams = new Map<string, PersonRecord[]>();
  for (const p of people) {
    if (p.companyId === null) continue;
    const team = teams.get(p.companyId) ?? [];
    team.push(p);
    teams.set(p.companyId, team);
  }
  const isService = (c: CompanyRecord): boolean =>
    c.companyType === 'service' || c.companyType === 'platform' || c.companyType === 'launchpad' || c.altRoles.includes('service');
  return {
    seed,
    people,
    companies,
    projects: companies.filter((c) => c.companyType === 'project'),
    investors: companies.filter((c) => c.companyType === 'investor'),
    services: companies.filter(isService),
    person: (id) => peopleById.get(id),
    company: (key) => companyByKey.get(key) ?? companyByKey.get(key.toLowerCase()),
    team: (companyId) => teams.get(companyId) ?? [],
  };
}

const cache = new Map<number, SeededDirectory>();

/** The frozen seeded directory for a seed (cached: generation takes a few tens of ms). */
export function seedDirectory(seed = 1): SeededDirectory {
  const cached = cache.get(seed);
  if (cached) return cached;
  const b = new Builder(seed);
  for (const c of ANCHOR_COMPANIES) b.ids.add(c.id);
  seedProjects(b);
  seedFunds(b);
  seedServices(b);
  seedRounds(b);
  seedPeople(b);
  const companies = [...ANCHOR_COMPANIES.map((c) => structuredClone(c)), ...b.companies];
  const people = [...ANCHOR_PEOPLE.map((p) => structuredClone(p)), ...b.people];
  const directory = indexDirectory(seed, deepFreeze(people), deepFreeze(companies));
  cache.set(seed, Object.freeze(directory));
  return directory;
}

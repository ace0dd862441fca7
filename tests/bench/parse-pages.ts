/*
 * Parse-speed benchmark for `npm run bench`: a 100-record people list page (each person with its full
 * company record), read the way the client reads it — JSON.parse, then the zod schema.
 */
import { z } from 'zod';
import { MetaSchema, PersonSchema } from '../../lib/api/schemas';

/** A 100-person page measures the product's per-record cost: every person (search rows, team lists) goes through PersonSchema. */
export const PeoplePageBodySchema = z.looseObject({
  data: z.array(PersonSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  meta: MetaSchema,
});

export interface BenchParseOptions {
  /** Pages parsed after warm-up. Default 200. */
  iterations?: number;
  /** Records per page. Default 100 (the API's maximum page). */
  records?: number;
  /**
   * Skip zod's eval-compiled fast path. Default true: an MV3 extension's CSP forbids eval, so this is the
   * path the extension actually runs.
   */
  jitless?: boolean;
}

function company(i: number): Record<string, unknown> {
  return {
    id: `prj_${i}`,
    name: `Project ${i}`,
    slug: `project-${i}`,
    companyType: 'project',
    ticker: i % 3 === 0 ? null : `TK${i}`,
    domain: `project${i}.example`,
    sectors: ['DeFi', 'Infrastructure'],
    chains: ['ethereum', 'solana'],
    size: '11-50',
    logoUrl: `https://cdn.example/p${i}.png`,
    twitterHandle: `project${i}`,
    communityLink: `https://t.me/project${i}`,
    discordUrl: null,
    linkedinUrl: `https://linkedin.com/company/project-${i}`,
    tokenLaunched: i % 3 === 0 ? null : i % 2 === 0,
    tokenLink: null,
    aiSummary: 'A protocol for things, with a long enough summary to be realistic in size and shape.',
    followers: 1000 + i,
    handleHistory: [`old_project${i}`],
    twitterRisk: 'low',
    lifecycle: null,
    createdAt: '2024-01-02T03:04:05.000Z',
  };
}

function person(i: number): Record<string, unknown> {
  return {
    id: `per_${i}`,
    slug: `person-${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    jobTitle: 'Head of Business Development',
    twitterHandle: `person${i}`,
    avatarUrl: `https://cdn.example/a${i}.png`,
    isCreator: i % 7 === 0,
    creatorFollowerCount: i * 10,
    companyId: `prj_${i}`,
    company: company(i),
    createdAt: '2024-02-03T04:05:06.000Z',
    isLocked: true,
    hasEmail: true,
    hasPhone: false,
    hasTelegram: i % 2 === 0,
    hasLinkedin: true,
    email: null,
    phone: null,
    telegram: null,
    linkedinUrl: null,
  };
}

/** The JSON text of one list page. */
export function peopleListPageJson(records = 100): string {
  const data = Array.from({ length: records }, (_, i) => person(i));
  return JSON.stringify({
    data,
    total: 12_480,
    page: 1,
    totalPages: 125,
    facets: { roles: {}, channels: {} },
    meta: { creditsCharged: 5, creditsBalance: 5995 },
  });
}

/** Milliseconds per record for JSON.parse + schema parse of a people list page. */
export function benchParseListPage(options: BenchParseOptions = {}): number {
  const iterations = options.iterations ?? 200;
  const records = options.records ?? 100;
  const params = { jitless: options.jitless ?? true };
  const text = peopleListPageJson(records);

  const parseOnce = () => {
    const result = PeoplePageBodySchema.safeParse(JSON.parse(text), params);
    if (!result.success || result.data.data.length !== records) throw new Error('benchmark page failed to parse');
  };
  for (let i = 0; i < Math.min(50, iterations); i++) parseOnce(); // warm-up
  const start = performance.now();
  for (let i = 0; i < iterations; i++) parseOnce();
  return (performance.now() - start) / (iterations * records);
}

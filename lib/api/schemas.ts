import { z } from 'zod';

/*
 * The API contract as zod schemas; every API type in the extension is inferred from here.
 *
 * Field rules (the spec states types for some fields only):
 * - Identity is required: a record's `id`, a company's `name`, and the envelope keys each endpoint names.
 *   Without them a record cannot be shown or fetched again.
 * - A stated type is enforced: a wrong type fails the parse (a "false" string must never read as true).
 * - Any other field may be null or absent; absent becomes null, so consumers handle one "no value" state.
 * - Fields added in 1.2.0 (`slug`, `ticker`, `chains`, `discordUrl`, `linkedinUrl`) and 1.5.0 (`companyType`)
 *   stay optional: `undefined` = "this API version does not serve it", `null` = "served, none recorded".
 *   Exception: a person's `linkedinUrl` is a private channel, and channels are always `string | null`.
 * - "Types not shown" fields never fail a parse: `unknown`, or typed with `.catch(null)` where the name
 *   makes the type plain (counts, labels).
 * - Enums stay open at runtime: an unknown value from a newer server degrades to "no signal"
 *   (null / undefined) instead of failing the whole page the user paid for.
 * - Every object is loose: unknown keys are kept, so a newer minor version still parses.
 */

// ── field building blocks ────────────────────────────────────────────────────

/** The spec calls ids "identifier" without a type: accept string or number, normalise to string so ids compare and key caches alike. */
export const IdSchema = z.union([z.string(), z.number()]).transform(String);

const text = z.string().nullable().default(null);
const flag = z.boolean().nullable().default(null);
const count = z.number().nullable().default(null);
const timestamp = z.union([z.string(), z.number()]).nullable().default(null);
const textList = z.array(z.string()).nullable().default(null);
/** From API 1.2.0: absent on older versions. */
const since120Text = z.string().nullable().optional();
/** "Values as recorded" / types not shown: kept as-is, never validated. */
const notShown = z.unknown().optional();
const lenientText = z.string().nullable().catch(null);
const lenientNumber = z.number().nullable().catch(null);

// ── enums ────────────────────────────────────────────────────────────────────

export const COMPANY_TYPES = ['project', 'investor', 'platform', 'launchpad', 'service', 'institution'] as const;
export const CompanyTypeSchema = z.enum(COMPANY_TYPES);
export type CompanyType = z.infer<typeof CompanyTypeSchema>;

/**
 * `companyType` from 1.5.0. An unknown future value is caught to `undefined` rather than kept as a string:
 * the type stays the exact six-value union (exhaustive switches keep working), and an unknown kind gets the
 * same handling as a pre-1.5 record — "directory unknown, trust the endpoint it came from".
 */
const companyTypeField = CompanyTypeSchema.optional().catch(undefined);

export const LIFECYCLES = ['defunct', 'deceased'] as const;
export const LifecycleSchema = z.enum(LIFECYCLES);
export type Lifecycle = z.infer<typeof LifecycleSchema>;
/** null = no liveness signal; an unknown value is treated the same way. */
const lifecycleField = LifecycleSchema.nullable().catch(null);

export const TIERS = ['free', 'starter', 'pro', 'team', 'enterprise'] as const;
export const TierSchema = z.enum(TIERS);

export const ENTITY_KINDS = ['organization', 'individual'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

// ── envelopes ────────────────────────────────────────────────────────────────

/** `meta` on every response. Sample extras (`creditsRequired`, `sample`, `upgradeUrl`) are kept but read by `sample.ts`. */
export const MetaSchema = z.looseObject({
  creditsCharged: z.number(),
  creditsBalance: z.number(),
});
export type Meta = z.infer<typeof MetaSchema>;

/** Sample markers in `meta`; every field lenient because sample bodies are synthetic. */
export const SampleMetaSchema = z.looseObject({
  creditsCharged: lenientNumber,
  creditsBalance: lenientNumber,
  creditsRequired: lenientNumber,
  sample: z.boolean().nullable().catch(null),
  upgradeUrl: lenientText,
});

// ── records ──────────────────────────────────────────────────────────────────

/**
 * The fields every organisation record carries (project, service provider, fund), with one type each:
 * a fund's `domain` or `lifecycle` is read exactly as a project's.
 */
const organizationFields = {
  id: IdSchema,
  name: z.string(),
  slug: since120Text,
  companyType: companyTypeField,
  domain: text,
  logoUrl: text,
  twitterHandle: text,
  communityLink: text,
  discordUrl: since120Text,
  linkedinUrl: since120Text,
  aiSummary: text,
  followers: notShown,
  handleHistory: notShown,
  twitterRisk: notShown,
  lifecycle: lifecycleField,
  createdAt: timestamp,
};

/** A project record; also the shape of a service-provider record and of `person.company`. */
export const ProjectSchema = z.looseObject({
  ...organizationFields,
  ticker: since120Text,
  sectors: textList,
  chains: z.array(z.string()).nullable().optional(),
  size: notShown,
  /** Three-state: true, false, or null (nobody has checked). Absent is read as null. Never read null as false: see `tokenLaunchedState`. */
  tokenLaunched: z.boolean().nullable().default(null),
  tokenLink: text,
});
export type Project = z.infer<typeof ProjectSchema>;

// A service record has the project shape (the spec draws one schema for both).
const ServiceSchema = ProjectSchema;

/** A person record (list rows, search rows, detail, coworkers, team members). */
export const PersonSchema = z.looseObject({
  id: IdSchema,
  slug: since120Text,
  firstName: text,
  lastName: text,
  jobTitle: text,
  twitterHandle: text,
  avatarUrl: text,
  isCreator: flag,
  creatorFollowerCount: count,
  companyId: IdSchema.nullable().default(null),
  company: ProjectSchema.nullable().default(null),
  createdAt: timestamp,
  isLocked: flag,
  /** `has*` show which channels exist before paying to reveal. */
  hasEmail: flag,
  hasPhone: flag,
  hasTelegram: flag,
  hasLinkedin: flag,
  /** Private channels: null on lists and search, and on a detail read until revealed. */
  email: text,
  phone: text,
  telegram: text,
  linkedinUrl: text,
});
export type Person = z.infer<typeof PersonSchema>;

/** A fund (firm or angel): the organisation fields, and its own ones with no stated type. */
export const InvestorSchema = z.looseObject({
  ...organizationFields,
  fundType: lenientText,
  entityKind: z.enum(ENTITY_KINDS).nullable().catch(null),
  fundAllTimeRoiPct: lenientNumber,
  trustTier: lenientText,
  trustTierRank: lenientNumber,
  altRoles: z.array(z.string()).nullable().catch(null),
  portfolioCount: lenientNumber,
});
export type Investor = z.infer<typeof InvestorSchema>;

/** A row of a fund's `portfolio[]`. No types are stated, so nothing here can fail the parse. */
export const PortfolioRowSchema = z.looseObject({
  investmentId: IdSchema.nullable().catch(null),
  /** Not shown: a name, a record, or an id. Read it with `portfolioCompanyName`. */
  company: notShown,
  roundType: lenientText,
  roundEventName: lenientText,
  amountUsd: lenientNumber,
  announceDate: z.union([z.string(), z.number()]).nullable().catch(null),
  isLead: z.boolean().nullable().catch(null),
});
export type PortfolioRow = z.infer<typeof PortfolioRowSchema>;

// ── account identity (GET /v1/me) ────────────────────────────────────────────

export const EndpointPriceSchema = z.looseObject({
  method: z.string(),
  path: z.string(),
  summary: text,
  credits: count,
});

/** `/v1/me` minus `meta`. Required: what the extension cannot work without (id, host, balance, tier, sample mode, scopes). */
export const AccountSchema = z.looseObject({
  apiVersion: text,
  baseUrl: z.string(),
  docs: text,
  endpoints: z.array(EndpointPriceSchema).nullable().default(null),
  id: IdSchema,
  name: text,
  email: text,
  /** Unknown future tier → null (treated as "not free"; `sampleMode` is the authoritative sample signal). */
  tier: TierSchema.nullable().catch(null),
  sampleMode: z.boolean(),
  organization: text,
  creditsBalance: z.number(),
  apiKey: z.looseObject({
    label: text,
    prefix: text,
    /** Plain strings: a new scope must not break the key check. Test with `hasScope`. */
    scopes: z.array(z.string()),
    environment: text,
  }),
  pricing: z
    .looseObject({
      currency: text,
      basicCallCredits: count,
      privateCallCredits: count,
      note: text,
    })
    .nullable()
    .default(null),
});
export type Account = z.infer<typeof AccountSchema>;
/** `/v1/me` is free; `meta` is optional because it only repeats the balance with a 0 charge. */
export const AccountBodySchema = AccountSchema.extend({ meta: MetaSchema.optional() });

// ── single reads ─────────────────────────────────────────────────────────────

/** `data` of `personCall`: the body's `data`. */
export const PersonDetailSchema = z.looseObject({
  person: PersonSchema,
  coworkers: z.array(PersonSchema),
});
export type PersonDetail = z.infer<typeof PersonDetailSchema>;

/**
 * `{ data: { person, coworkers[] }, meta }`; a reveal adds top-level `creditsCharged`/`creditsBalance`,
 * which win over `meta`. Either source may supply each number, but one must.
 */
export const PersonDetailBodySchema = z
  .looseObject({
    data: PersonDetailSchema,
    meta: MetaSchema.optional(),
    creditsCharged: z.number().optional(),
    creditsBalance: z.number().optional(),
  })
  .refine((body) => body.meta !== undefined || (body.creditsCharged !== undefined && body.creditsBalance !== undefined), {
    message: 'credits missing from meta and top level',
    path: ['meta'],
  });

/** `data` of `projectCall`: the body minus `meta`. */
export const ProjectDetailSchema = z.looseObject({ project: ProjectSchema, team: z.array(PersonSchema) });
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
export const ProjectDetailBodySchema = ProjectDetailSchema.extend({ meta: MetaSchema });

/** `data` of `investorCall`: the body minus `meta`. */
export const InvestorDetailSchema = z.looseObject({
  investor: InvestorSchema,
  team: z.array(PersonSchema),
  portfolio: z.array(PortfolioRowSchema),
});
export type InvestorDetail = z.infer<typeof InvestorDetailSchema>;
export const InvestorDetailBodySchema = InvestorDetailSchema.extend({ meta: MetaSchema });

/** `data` of `serviceCall`: the body minus `meta`. */
export const ServiceDetailSchema = z.looseObject({ service: ServiceSchema, team: z.array(PersonSchema) });
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;
export const ServiceDetailBodySchema = ServiceDetailSchema.extend({ meta: MetaSchema });

/**
 * Rows that cannot be read are dropped instead of failing the whole answer: a search is paid for,
 * and one odd row must not turn 23 good ones into an error that the next visit pays for again.
 * The envelope itself (not an array of rows) still fails loudly.
 */
function readableRows<T extends z.ZodType>(row: T) {
  return z.array(z.unknown()).transform((rows) =>
    rows.flatMap((r) => {
      const parsed = row.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    }),
  );
}

/** `data` of `search`: the body minus `meta`. Up to 12 of each; no paging. */
export const SearchResultsSchema = z.looseObject({
  q: z.string(),
  projects: readableRows(ProjectSchema),
  people: readableRows(PersonSchema),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
export const SearchBodySchema = SearchResultsSchema.extend({ meta: MetaSchema });

// ── list envelopes (prospect search) ─────────────────────────────────────────

/**
 * `{ data[], total, page, totalPages, meta }`. `total` and `page` are what paging reads, so they are
 * required; `totalPages` is only their quotient and may be missing or odd (null). Rows follow the
 * readable-rows rule. A sample list leaves out `page` and `totalPages`: its repair plan fills `page`
 * with the page asked for (lib/api/calls.ts).
 */
function listBodySchema<T extends z.ZodType>(row: T) {
  return z.looseObject({
    data: readableRows(row),
    total: z.number(),
    page: z.number(),
    totalPages: lenientNumber,
    meta: MetaSchema,
  });
}

/** `/v1/people`: plus `facets: { roles, channels }`, inner shape not shown (read by lib/api/facets.ts, never here). */
export const PeopleListBodySchema = listBodySchema(PersonSchema).extend({ facets: notShown });
export const ProjectsListBodySchema = listBodySchema(ProjectSchema);
export const InvestorsListBodySchema = listBodySchema(InvestorSchema);
export const ServicesListBodySchema = listBodySchema(ServiceSchema);

/** One page of a list, as the extension keeps it (the response cache) and shows it. */
export interface ListPage<R> {
  rows: R[];
  /** How many records match in all (every page). */
  total: number;
  /** The page this is (1-based), as the API numbered it. */
  page: number;
  totalPages: number | null;
}

import { z } from 'zod';

/*
 * The API contract as zod schemas; every API type in the extension is inferred from here. Field rules:
 * - Identity is required (a record's `id`, a company's `name`, each envelope's keys): without it a record
 *   cannot be shown or fetched again. A stated type is enforced (a "false" string must never read as true).
 * - Any other field may be null or absent; absent becomes null: one "no value" state.
 * - Fields added in 1.2.0 (`slug`, `ticker`, `chains`, `discordUrl`, `linkedinUrl`) and 1.5.0 (`companyType`)
 *   stay optional: `undefined` = "this API version does not serve it", `null` = "served, none recorded"
 *   (but a person's `linkedinUrl` is a private channel: `string | null`, like every channel).
 * - "Types not shown" never fail a parse (`unknown`, or `.catch(null)` where the name makes the type plain),
 *   and enums stay open: an unknown value degrades to "no signal" instead of failing a page the user paid for.
 * - Every object is loose: a newer minor version still parses.
 */

/** The spec calls ids "identifier" without a type: accept string or number, normalise to string so ids compare and key caches alike. */
export const IdSchema = z.union([z.string(), z.number()]).transform(String);

const text = z.string().nullable().default(null);
const flag = z.boolean().nullable().default(null);
const count = z.number().nullable().default(null);
const timestamp = z.union([z.string(), z.number()]).nullable().default(null);
const textList = z.array(z.string()).nullable().default(null);
const since120Text = z.string().nullable().optional();
/** "Values as recorded" / types not shown: kept as-is, never validated. */
const notShown = z.unknown().optional();
const lenientText = z.string().nullable().catch(null);
const lenientNumber = z.number().nullable().catch(null);

const CompanyTypeSchema = z.enum(['project', 'investor', 'platform', 'launchpad', 'service', 'institution']);
export type CompanyType = z.infer<typeof CompanyTypeSchema>;
/** An unknown future `companyType` is caught to `undefined` (exhaustive switches keep working): read as a pre-1.5 record. */
const companyTypeField = CompanyTypeSchema.optional().catch(undefined);

const LifecycleSchema = z.enum(['defunct', 'deceased']);
export type Lifecycle = z.infer<typeof LifecycleSchema>;
/** null = no liveness signal; an unknown value is treated the same way. */
const lifecycleField = LifecycleSchema.nullable().catch(null);

export const TIERS = ['free', 'starter', 'pro', 'team', 'enterprise'] as const;

const EntityKindSchema = z.enum(['organization', 'individual']);
export type EntityKind = z.infer<typeof EntityKindSchema>;

/** `meta` on every response. Sample extras (`creditsRequired`, `sample`, `upgradeUrl`) are kept and read by `sample.ts`. */
export const MetaSchema = z.looseObject({
  creditsCharged: z.number(),
  creditsBalance: z.number(),
});
export type Meta = z.infer<typeof MetaSchema>;

/** The fields of every organisation record (project, service provider, fund), one type each. */
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
  entityKind: EntityKindSchema.nullable().catch(null),
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

/** `/v1/me` minus `meta`. Required: what the extension cannot work without (id, host, balance, tier, sample mode, scopes). */
export const AccountSchema = z.looseObject({
  apiVersion: text,
  baseUrl: z.string(),
  docs: text,
  endpoints: z
    .array(z.looseObject({ method: z.string(), path: z.string(), summary: text, credits: count }))
    .nullable()
    .default(null),
  id: IdSchema,
  name: text,
  email: text,
  /** Unknown future tier → null (treated as "not free"; `sampleMode` is the authoritative sample signal). */
  tier: z.enum(TIERS).nullable().catch(null),
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

const PersonDetailSchema = z.looseObject({ person: PersonSchema, coworkers: z.array(PersonSchema) });
/** `data` of `personCall`: the body's `data`. */
export type PersonDetail = z.infer<typeof PersonDetailSchema>;

/** `{ data: { person, coworkers[] }, meta }`; a reveal adds top-level `creditsCharged`/`creditsBalance`, which win over `meta`. */
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

// The other reads' `data` is the body minus `meta`. A service record has the project shape (the spec draws one schema for both).
const ProjectDetailSchema = z.looseObject({ project: ProjectSchema, team: z.array(PersonSchema) });
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
export const ProjectDetailBodySchema = ProjectDetailSchema.extend({ meta: MetaSchema });
const InvestorDetailSchema = z.looseObject({
  investor: InvestorSchema,
  team: z.array(PersonSchema),
  portfolio: z.array(PortfolioRowSchema),
});
export type InvestorDetail = z.infer<typeof InvestorDetailSchema>;
export const InvestorDetailBodySchema = InvestorDetailSchema.extend({ meta: MetaSchema });
const ServiceDetailSchema = z.looseObject({ service: ProjectSchema, team: z.array(PersonSchema) });
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;
export const ServiceDetailBodySchema = ServiceDetailSchema.extend({ meta: MetaSchema });

/**
 * Unreadable rows are dropped instead of failing the answer: a search is paid for, and one odd row must not turn 23
 * good ones into an error the next visit pays for again. The envelope itself (not an array) still fails loudly.
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

/**
 * `{ data[], total, page, totalPages, meta }`: paging reads `total` and `page` (required; a sample's missing `page` is
 * filled in by lib/api/calls.ts); `totalPages` is only their quotient and may be missing or odd (null).
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
export const ServicesListBodySchema = listBodySchema(ProjectSchema);

/** One page of a list as the response cache keeps it: `total` records match on every page; `page` is 1-based. */
export type ListPage<R> = { rows: R[]; total: number; page: number; totalPages: number | null };

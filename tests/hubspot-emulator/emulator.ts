/*
 * An in-memory HubSpot for tests: "the faithful local HubSpot". It serves exactly the routes the extension
 * calls (lib/crm/hubspot/paths.ts) and answers 404 to any other route or method. Each route follows the
 * reference page named beside it (developers.hubspot.com/docs/api-reference/legacy/…, as stored in
 * November 2026) and the OpenAPI documents those pages are generated from (github.com/HubSpot/
 * HubSpot-public-api-spec-collection, PublicApiSpecs/CRM/{Contacts,Companies,Notes,Tasks,Properties,
 * Associations,Crm Owners}/…/v3|v4): status codes, request and answer shapes, scopes.
 *
 * Limits and errors as HubSpot has them: 100 requests per rolling 10 s per token (190 for a Professional
 * portal) announced in `X-HubSpot-RateLimit-*`; the search endpoints' own per-second limit; 429 with the
 * policy name; 401 for an unknown or revoked token; 403 MISSING_SCOPES; 400 VALIDATION_ERROR for a property
 * that does not exist, a value that is not one of an enumeration's options, a unique value another record
 * holds, an upsert keyed on a property that is not unique; 409 CONFLICT for a contact whose email another
 * contact has. Records may be archived (kept, countable, out of reads and search). Search lags writes
 * (`searchLagMs`). Faults for tests: 429s, 502s, an HTML page, an answer lost after the work was done, a
 * request the browser sent twice.
 *
 * Tests drive it through `control` and read what it holds (`contacts`, `companies`, `notes`, `tasks`,
 * `associations`, `properties`, `live()`, `log`, `count()`).
 */
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';

export type ObjectKind = 'contacts' | 'companies' | 'notes' | 'tasks';
/** The objects with property definitions here (companies are not modelled: any property name goes). */
export type DefinedKind = 'contacts' | 'notes' | 'tasks';

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived?: boolean;
  archivedAt?: string;
}
/** A note or task: the contacts it is associated with. */
export interface ActivityRecord extends HubSpotRecord {
  contactIds: string[];
}

export interface PropertyOption {
  label: string;
  value: string;
  hidden: boolean;
  displayOrder: number;
  description?: string;
}
/** `Property` (Properties API): what `GET /crm/v3/properties/{object}` lists. */
export interface PropertyDefinition {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  hasUniqueValue: boolean;
  hubspotDefined: boolean;
  hidden: boolean;
  formField: boolean;
  displayOrder: number;
  calculated: boolean;
  externalOptions: boolean;
  referencedObjectType?: string;
  modificationMetadata: { archivable: boolean; readOnlyDefinition: boolean; readOnlyValue: boolean };
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EmulatedToken {
  scopes: string[];
  revoked?: boolean;
}

export interface HubSpotEmulatorOptions {
  /** Tokens and their scopes. Default: 'pat-test' with every scope the extension uses. */
  tokens?: Record<string, EmulatedToken>;
  portalId?: number;
  /** 'free' → 100 per 10 s; 'professional' → 190 per 10 s. */
  tier?: 'free' | 'professional';
  windowMs?: number;
  searchPerSecond?: number;
  /**
   * How long a write takes to reach search (default 0). A record created less than this long ago is not
   * found; one updated or archived less than this long ago is searched (and answered) as it stood before.
   */
  searchLagMs?: number;
  /** Whether this portal lets notes and tasks have a unique-value property (default true); false → 400, as a portal that refuses. */
  uniqueOnActivities?: boolean;
  now?: () => number;
}

export const FULL_SCOPES = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.schemas.contacts.write',
  // Optional for the extension (an owner id shows without it), but it asks for it.
  'crm.objects.owners.read',
];

/** HubSpot's object type ids (they appear in its error messages). */
const TYPE_ID: Record<ObjectKind, string> = { contacts: '0-1', companies: '0-2', notes: '0-46', tasks: '0-27' };
const SINGULAR: Record<ObjectKind, string> = { contacts: 'CONTACT', companies: 'COMPANY', notes: 'NOTE', tasks: 'TASK' };
/** HUBSPOT_DEFINED default association type ids ("Associations v4 › Association type IDs"). */
const DEFAULT_TYPE = { contactToCompany: 279, companyToContact: 280, noteToContact: 202, taskToContact: 204 } as const;

/** Properties HubSpot fills itself ("Search › default returned properties"; the `…Record` schemas). */
const SYSTEM: Record<ObjectKind, { created: string; modified: string }> = {
  contacts: { created: 'createdate', modified: 'lastmodifieddate' },
  companies: { created: 'createdate', modified: 'hs_lastmodifieddate' },
  notes: { created: 'hs_createdate', modified: 'hs_lastmodifieddate' },
  tasks: { created: 'hs_createdate', modified: 'hs_lastmodifieddate' },
};
/** What a search answers when the request names no `properties` (search/guide, "Searchable CRM objects"). */
const SEARCH_DEFAULT: Record<ObjectKind, string[]> = {
  contacts: ['firstname', 'lastname', 'email', 'lastmodifieddate', 'hs_object_id', 'createdate'],
  companies: ['name', 'domain', 'createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  notes: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  tasks: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
};
/** What a `query` searches (search/guide, "Search default searchable properties"). */
const QUERY_FIELDS: Record<ObjectKind, string[]> = {
  contacts: ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company'],
  companies: ['website', 'phone', 'name', 'domain'],
  notes: ['hs_note_body'],
  tasks: ['hs_task_body', 'hs_task_subject'],
};
/** search/guide, "Limits": 5 groups, 6 filters a group, 18 in all; 200 a page; 10,000 results; a 3,000-character body. */
export const SEARCH_LIMITS = { groups: 5, filtersPerGroup: 6, filters: 18, pageSize: 200, results: 10_000, bodyChars: 3_000 } as const;
/** properties guide, "Create unique identifier properties": up to ten per object. */
const MAX_UNIQUE_PROPERTIES = 10;
/** The batch endpoints take at most 100 inputs. */
const MAX_INPUTS = 100;

const PROPERTY_TYPES = ['string', 'number', 'date', 'datetime', 'enumeration', 'bool'];
const FIELD_TYPES = [
  'booleancheckbox',
  'calculation_equation',
  'checkbox',
  'date',
  'file',
  'html',
  'number',
  'phonenumber',
  'radio',
  'select',
  'text',
  'textarea',
];

const options = (pairs: [string, string][]): PropertyOption[] =>
  pairs.map(([value, label], displayOrder) => ({ value, label, hidden: false, displayOrder }));

/** HubSpot's default `hs_lead_status` options (value → label) of a new portal. */
export const LEAD_STATUS_OPTIONS: [string, string][] = [
  ['NEW', 'New'],
  ['OPEN', 'Open'],
  ['IN_PROGRESS', 'In Progress'],
  ['OPEN_DEAL', 'Open Deal'],
  ['UNQUALIFIED', 'Unqualified'],
  ['ATTEMPTED_TO_CONTACT', 'Attempted to Contact'],
  ['CONNECTED', 'Connected'],
  ['BAD_TIMING', 'Bad Timing'],
];

type Spec = [name: string, type: string, fieldType: string, extra?: Partial<PropertyDefinition>];
const text = (name: string): Spec => [name, 'string', 'text'];
const readOnly = (name: string, type: string): Spec => [
  name,
  type,
  type === 'number' ? 'number' : 'date',
  { modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: true } },
];
const owner: Spec = ['hubspot_owner_id', 'enumeration', 'select', { externalOptions: true, referencedObjectType: 'OWNER' }];

/** The default properties of a new portal that the extension writes, reads or filters on. */
const DEFAULT_PROPERTIES: Record<DefinedKind, Spec[]> = {
  contacts: [
    text('email'),
    text('firstname'),
    text('lastname'),
    ['phone', 'string', 'phonenumber'],
    ['mobilephone', 'string', 'phonenumber'],
    text('jobtitle'),
    text('company'),
    text('website'),
    text('city'),
    text('country'),
    text('twitterhandle'),
    ['hs_lead_status', 'enumeration', 'radio', { options: options(LEAD_STATUS_OPTIONS) }],
    [
      'lifecyclestage',
      'enumeration',
      'radio',
      {
        options: options(
          ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer', 'evangelist', 'other'].map(
            (v) => [v, v],
          ),
        ),
      },
    ],
    owner,
    readOnly('createdate', 'datetime'),
    readOnly('lastmodifieddate', 'datetime'),
    readOnly('hs_object_id', 'number'),
  ],
  notes: [
    ['hs_note_body', 'string', 'html'],
    ['hs_timestamp', 'datetime', 'date'],
    text('hs_attachment_ids'),
    owner,
    readOnly('hs_createdate', 'datetime'),
    readOnly('hs_lastmodifieddate', 'datetime'),
    readOnly('hs_object_id', 'number'),
  ],
  tasks: [
    text('hs_task_subject'),
    ['hs_task_body', 'string', 'html'],
    [
      'hs_task_status',
      'enumeration',
      'select',
      {
        options: options([
          ['NOT_STARTED', 'Not started'],
          ['IN_PROGRESS', 'In progress'],
          ['WAITING', 'Waiting'],
          ['COMPLETED', 'Completed'],
          ['DEFERRED', 'Deferred'],
        ]),
      },
    ],
    [
      'hs_task_priority',
      'enumeration',
      'select',
      {
        options: options([
          ['NONE', 'None'],
          ['LOW', 'Low'],
          ['MEDIUM', 'Medium'],
          ['HIGH', 'High'],
        ]),
      },
    ],
    [
      'hs_task_type',
      'enumeration',
      'select',
      {
        options: options([
          ['TODO', 'To-do'],
          ['CALL', 'Call'],
          ['EMAIL', 'Email'],
          ['LINKED_IN', 'LinkedIn'],
          ['MEETING', 'Meeting'],
        ]),
      },
    ],
    ['hs_timestamp', 'datetime', 'date'],
    ['hs_task_completion_date', 'datetime', 'date'],
    owner,
    readOnly('hs_createdate', 'datetime'),
    readOnly('hs_lastmodifieddate', 'datetime'),
    readOnly('hs_object_id', 'number'),
  ],
};

/** Properties HubSpot requires when a record of this kind is created ("Error creating NOTE. Some required properties were not set."). */
const REQUIRED_ON_CREATE: Partial<Record<ObjectKind, string[]>> = { notes: ['hs_timestamp'], tasks: ['hs_timestamp'] };

type Json = Record<string, unknown>;
/** A JSON scalar as text ('' for anything else). */
const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
type Filter = { propertyName?: unknown; operator?: unknown; value?: unknown; highValue?: unknown; values?: unknown };

/** Thrown by `handle` when the answer is lost after the work was done (`control.loseAnswerNext`): the server closes the socket. */
export class HubSpotAnswerLost extends Error {
  constructor(readonly path: string) {
    super(`The answer to ${path} was lost before any byte`);
    this.name = 'HubSpotAnswerLost';
  }
}

/** The contact property names, as a Set-like view over the definitions: `add(name)` creates a text property. */
class PropertyNames implements Iterable<string> {
  constructor(
    private readonly defs: Map<string, PropertyDefinition>,
    private readonly make: (name: string) => PropertyDefinition,
  ) {}
  add(name: string): this {
    if (!this.defs.has(name)) this.defs.set(name, this.make(name));
    return this;
  }
  has(name: string): boolean {
    return this.defs.has(name);
  }
  delete(name: string): boolean {
    return this.defs.delete(name);
  }
  get size(): number {
    return this.defs.size;
  }
  [Symbol.iterator](): Iterator<string> {
    return this.defs.keys();
  }
}

/** A record as search's index holds it at one moment. */
interface Indexed {
  at: number;
  properties: Record<string, string>;
  archived: boolean;
}

export function createHubSpotEmulator(opts: HubSpotEmulatorOptions = {}) {
  const now = opts.now ?? (() => Date.now());
  const tokens = new Map(Object.entries(opts.tokens ?? { 'pat-test': { scopes: FULL_SCOPES } }));
  const portalId = opts.portalId ?? 4242;
  let tier = opts.tier ?? 'free';
  const windowMs = opts.windowMs ?? 10_000;
  const searchPerSecond = opts.searchPerSecond ?? 4;
  let searchLagMs = opts.searchLagMs ?? 0;
  let uniqueOnActivities = opts.uniqueOnActivities ?? true;
  let nextId = 1000;
  const contacts = new Map<string, HubSpotRecord>();
  const companies = new Map<string, HubSpotRecord>();
  const notes = new Map<string, ActivityRecord>();
  const tasks = new Map<string, ActivityRecord>();
  const stores: Record<ObjectKind, Map<string, HubSpotRecord>> = { contacts, companies, notes, tasks };
  /** contactId → companyIds. */
  const associations = new Map<string, Set<string>>();
  /** Search's view of each record: the states it had, oldest first (`searchLagMs`). */
  const history = new WeakMap<HubSpotRecord, Indexed[]>();

  const stamp = () => new Date(now()).toISOString();
  const definition = (spec: Spec, hubspotDefined: boolean): PropertyDefinition => {
    const [name, type, fieldType, extra] = spec;
    const at = stamp();
    return {
      name,
      label: name,
      type,
      fieldType,
      groupName: 'crm_information',
      description: '',
      options: [],
      hasUniqueValue: false,
      hubspotDefined,
      hidden: false,
      formField: false,
      displayOrder: -1,
      calculated: false,
      externalOptions: false,
      modificationMetadata: { archivable: !hubspotDefined, readOnlyDefinition: hubspotDefined, readOnlyValue: false },
      archived: false,
      createdAt: at,
      updatedAt: at,
      ...extra,
    };
  };
  const properties: Record<DefinedKind, Map<string, PropertyDefinition>> = {
    contacts: new Map(DEFAULT_PROPERTIES.contacts.map((s) => [s[0], definition(s, true)])),
    notes: new Map(DEFAULT_PROPERTIES.notes.map((s) => [s[0], definition(s, true)])),
    tasks: new Map(DEFAULT_PROPERTIES.tasks.map((s) => [s[0], definition(s, true)])),
  };
  const contactProperties = new PropertyNames(properties.contacts, (name) => definition(text(name), false));

  const owners = [
    { id: '77', email: 'mia@team.example', firstName: 'Mia', lastName: 'Owner', userId: 9077 },
    { id: '78', email: 'jonas@team.example', firstName: 'Jonas', lastName: 'Berg', userId: 9078 },
  ].map((o) => ({
    ...o,
    type: 'PERSON',
    teams: [],
    archived: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  }));

  const sends = new Map<string, number[]>();
  const searches = new Map<string, number[]>();
  /** Every request as HubSpot received it: method, path, status; `lost` when its answer never reached the caller. */
  const log: { method: string; path: string; status: number; lost?: boolean }[] = [];
  /** The rate headers of the request being answered. */
  let lastHeaders: Record<string, string> = {};
  const faults = {
    rateLimitPath: null as string | null,
    rateLimitNext: 0,
    serverErrorNext: 0,
    retryAfterSeconds: null as number | null,
    htmlNext: 0,
    lose: [] as { path: string | null }[],
    resend: [] as string[],
  };

  const limit = () => (tier === 'professional' ? 190 : 100);

  function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json;charset=utf-8', ...headers } });
  }
  function error(status: number, category: string, message: string, extra: Json = {}, headers: Record<string, string> = {}) {
    return json(status, { status: 'error', message, correlationId: crypto.randomUUID(), category, ...extra }, headers);
  }
  const invalid = (message: string, extra: Json = {}) => error(400, 'VALIDATION_ERROR', message, extra, lastHeaders);
  /** "Property values were not valid: [...]", as HubSpot words a bad property value (one entry per problem). */
  function badValues(problems: { name: string; message: string; error: string }[]) {
    const detail = problems.map((p) => ({
      isValid: false,
      message: p.message,
      error: p.error,
      name: p.name,
      localizedErrorMessage: p.message,
    }));
    return invalid(`Property values were not valid: ${JSON.stringify(detail)}`, {
      errors: problems.map((p) => ({ message: p.message, code: p.error, context: { propertyName: [p.name] } })),
    });
  }

  // --- records ---------------------------------------------------------------------------------------

  function clean(props: unknown): Record<string, string> {
    if (!props || typeof props !== 'object') return {};
    return Object.fromEntries(
      Object.entries(props as Json).flatMap(([k, v]) =>
        typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [[k, String(v)]] : [],
      ),
    );
  }
  /** Search sees this state of the record from `at` on. */
  function index(record: HubSpotRecord, at = now()): void {
    const states = history.get(record) ?? [];
    states.push({ at, properties: { ...record.properties }, archived: !!record.archived });
    // Only the newest state at or before the lag's edge is still needed, and everything after it.
    const edge = now() - searchLagMs;
    const keepFrom = states.findLastIndex((s) => s.at <= edge);
    history.set(record, keepFrom > 0 ? states.slice(keepFrom) : states);
  }
  function newRecord(kind: ObjectKind, props: Record<string, string>, indexedAt?: number): HubSpotRecord {
    const at = stamp();
    const base: HubSpotRecord = { id: String(nextId++), properties: props, createdAt: at, updatedAt: at, archived: false };
    const record = kind === 'notes' || kind === 'tasks' ? { ...base, contactIds: [] } : base;
    stores[kind].set(record.id, record);
    index(record, indexedAt);
    return record;
  }
  function update(record: HubSpotRecord, props: Record<string, string>): void {
    Object.assign(record.properties, props);
    record.updatedAt = stamp();
    index(record);
  }
  function archive(record: HubSpotRecord): void {
    record.archived = true;
    record.archivedAt = stamp();
    index(record);
  }
  const isLive = (r: HubSpotRecord | undefined): r is HubSpotRecord => !!r && !r.archived;
  const live = <K extends ObjectKind>(kind: K): (K extends 'notes' | 'tasks' ? ActivityRecord : HubSpotRecord)[] =>
    [...stores[kind].values()].filter(isLive) as (K extends 'notes' | 'tasks' ? ActivityRecord : HubSpotRecord)[];

  function systemProps(kind: ObjectKind, r: HubSpotRecord): Record<string, string> {
    return { hs_object_id: r.id, [SYSTEM[kind].created]: r.createdAt, [SYSTEM[kind].modified]: r.updatedAt };
  }
  /** `SimplePublicObject`: the named properties (null when unset) and HubSpot's own, or all it holds. */
  function view(kind: ObjectKind, r: HubSpotRecord, wanted: string[] | 'all', extra: Json = {}, held = r.properties) {
    const all = { ...held, ...systemProps(kind, r) };
    const names =
      wanted === 'all' ? Object.keys(all) : [...new Set([...wanted, 'hs_object_id', SYSTEM[kind].created, SYSTEM[kind].modified])];
    return {
      id: r.id,
      properties: Object.fromEntries(names.map((p) => [p, all[p] ?? null])),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      archived: !!r.archived,
      ...(r.archivedAt ? { archivedAt: r.archivedAt } : {}),
      ...extra,
    };
  }
  const requested = (value: unknown): string[] | null =>
    Array.isArray(value) && value.every((v) => typeof v === 'string') && value.length ? (value as string[]) : null;

  // --- property rules ----------------------------------------------------------------------------------

  const defsOf = (kind: ObjectKind) => (kind === 'companies' ? null : properties[kind]);
  const normEmail = (v: string | undefined) => (v ?? '').trim().toLowerCase();
  const uniqueNames = (kind: ObjectKind) => [...(defsOf(kind)?.values() ?? [])].filter((d) => d.hasUniqueValue).map((d) => d.name);
  /** What an upsert, a keyed read or a keyed update may key on: a unique-value property, or a contact's email. */
  const canKeyOn = (kind: ObjectKind, name: string) => (kind === 'contacts' && name === 'email') || uniqueNames(kind).includes(name);
  const nonUnique = (kind: ObjectKind, name: string, verb = 'update/upsert') =>
    invalid(`Unable to perform ${verb} by non-unique ${TYPE_ID[kind]} property ${name} in portal ID ${portalId}`);
  /** The live record whose `name` holds `value` (a contact's email compared as HubSpot does: trimmed, any case). */
  function holderOf(kind: ObjectKind, name: string, value: string): HubSpotRecord | undefined {
    if (kind === 'contacts' && name === 'email')
      return live(kind).find((r) => r.properties.email && normEmail(r.properties.email) === normEmail(value));
    if (name === 'hs_object_id') return isLive(stores[kind].get(value)) ? stores[kind].get(value) : undefined;
    return live(kind).find((r) => r.properties[name] === value);
  }

  interface Write {
    target: HubSpotRecord | null;
    props: Record<string, string>;
  }
  /**
   * The checks HubSpot makes before a batch writes anything (a failing batch writes nothing): properties that
   * do not exist, enumeration values that are not an option, required properties of a new note or task, a
   * contact email another contact has (409, "Contact already exists"), and a unique value another live record
   * holds or another input of the same batch sets (400, "already has that value").
   */
  function checkWrites(kind: ObjectKind, writes: Write[]): Response | null {
    const defs = defsOf(kind);
    if (defs) {
      const problems: { name: string; message: string; error: string }[] = [];
      for (const { props } of writes)
        for (const [name, value] of Object.entries(props)) {
          const def = defs.get(name);
          if (!def) problems.push({ name, error: 'PROPERTY_DOESNT_EXIST', message: `Property "${name}" does not exist` });
          else if (def.type === 'enumeration' && !def.externalOptions && value !== '') {
            const allowed = def.options.map((o) => o.value);
            const chosen = def.fieldType === 'checkbox' ? value.split(';') : [value];
            if (chosen.some((v) => !allowed.includes(v)))
              problems.push({
                name,
                error: 'INVALID_OPTION',
                message: `${value} was not one of the allowed options: [${allowed.join(', ')}]`,
              });
          }
        }
      if (problems.length) return badValues(problems);
    }
    const missing = (REQUIRED_ON_CREATE[kind] ?? []).filter((name) => writes.some((w) => !w.target && !w.props[name]));
    if (missing.length)
      return invalid(`Error creating ${SINGULAR[kind]}. Some required properties were not set.`, { context: { properties: missing } });

    const keys = [...(kind === 'contacts' ? ['email'] : []), ...uniqueNames(kind)];
    for (const name of keys) {
      // Two inputs of one batch never write the same record (duplicate ids are refused first).
      const claimed = new Set<string>();
      for (const { target, props } of writes) {
        const value = props[name];
        if (!value) continue;
        const key = name === 'email' ? normEmail(value) : value;
        const other = holderOf(kind, name, value);
        const inBatch = claimed.has(key);
        if ((other && other !== target) || inBatch) {
          if (name === 'email' && kind === 'contacts')
            return error(409, 'CONFLICT', `Contact already exists. Existing ID: ${other?.id ?? 'in this batch'}`, {}, lastHeaders);
          return badValues([
            {
              name,
              error: 'INVALID_PROPERTY_VALUE',
              message: `propertyValue: already has that value ${name}: ${value}${other ? ` (${SINGULAR[kind]} ${other.id})` : ''}`,
            },
          ]);
        }
        claimed.add(key);
      }
    }
    return null;
  }

  // --- search --------------------------------------------------------------------------------------------

  /** The record as search sees it now: with a lag, the state it had `searchLagMs` ago (none yet → not found). */
  function searchView(r: HubSpotRecord): Indexed | null {
    if (searchLagMs <= 0) return { at: now(), properties: r.properties, archived: !!r.archived };
    const states = history.get(r);
    if (!states) return { at: now(), properties: r.properties, archived: !!r.archived };
    const edge = now() - searchLagMs;
    return states.findLast((s) => s.at <= edge) ?? null;
  }
  const numeric = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Date.parse(v));
  const words = (v: string) =>
    v
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  /** CONTAINS_TOKEN: a whole word of the value (or words in a row), or a `*` wildcard pattern over it. */
  function containsToken(held: string, wanted: string): boolean {
    const w = wanted.toLowerCase();
    if (w.includes('*')) {
      const pattern = new RegExp(
        `^${w
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
      return pattern.test(held.toLowerCase()) || words(held).some((t) => pattern.test(t));
    }
    return ` ${words(held).join(' ')} `.includes(` ${words(w).join(' ')} `);
  }
  /**
   * One filter (search/guide, "Filter search results"): values compare case-insensitively, except an
   * enumeration (case-sensitive for every operator) and IN/NOT_IN on a string, whose values must be given
   * lower case (an upper-case value never matches).
   */
  function matchesFilter(kind: ObjectKind, r: HubSpotRecord, held: Record<string, string>, f: Filter): boolean {
    const name = String(f.propertyName);
    const op = String(f.operator);
    if (name === 'associations.contact') {
      const ids = (r as ActivityRecord).contactIds ?? [];
      if (op === 'EQ') return ids.includes(String(f.value));
      if (op === 'IN') return Array.isArray(f.values) && f.values.some((v) => ids.includes(String(v)));
      return false;
    }
    if (name === 'associations.company') {
      const ids = [...(associations.get(r.id) ?? [])];
      if (op === 'EQ') return ids.includes(String(f.value));
      if (op === 'IN') return Array.isArray(f.values) && f.values.some((v) => ids.includes(String(v)));
      return false;
    }
    const value = ({ ...held, ...systemProps(kind, r) } as Record<string, string | undefined>)[name];
    const has = value !== undefined && value !== '';
    const type = defsOf(kind)?.get(name)?.type ?? (name === 'hs_object_id' ? 'number' : 'string');
    const isNumber = type === 'number' || type === 'date' || type === 'datetime';
    const same = (wanted: string) => {
      if (!has) return false;
      if (type === 'enumeration') return value === wanted;
      if (isNumber) return numeric(value) === numeric(wanted);
      return value.trim().toLowerCase() === wanted.trim().toLowerCase();
    };
    const inList = (list: unknown) => {
      if (!has || !Array.isArray(list)) return false;
      const vs = list.map(String);
      if (type === 'enumeration') return vs.includes(value);
      if (isNumber) return vs.some((v) => numeric(v) === numeric(value));
      return vs.includes(value.toLowerCase());
    };
    const cmp = (wanted: unknown) => (isNumber ? numeric(value!) - numeric(String(wanted)) : value!.localeCompare(String(wanted)));
    switch (op) {
      case 'EQ':
        return same(str(f.value));
      case 'NEQ':
        return !same(str(f.value));
      case 'IN':
        return inList(f.values);
      case 'NOT_IN':
        return !inList(f.values);
      case 'HAS_PROPERTY':
        return has;
      case 'NOT_HAS_PROPERTY':
        return !has;
      case 'CONTAINS_TOKEN':
        return has && containsToken(value, str(f.value));
      case 'NOT_CONTAINS_TOKEN':
        return !has || !containsToken(value, str(f.value));
      case 'GT':
        return has && cmp(f.value) > 0;
      case 'GTE':
        return has && cmp(f.value) >= 0;
      case 'LT':
        return has && cmp(f.value) < 0;
      case 'LTE':
        return has && cmp(f.value) <= 0;
      case 'BETWEEN':
        return has && cmp(f.value) >= 0 && cmp(f.highValue) <= 0;
      default:
        return false;
    }
  }
  const OPERATORS = [
    'EQ',
    'NEQ',
    'LT',
    'LTE',
    'GT',
    'GTE',
    'BETWEEN',
    'IN',
    'NOT_IN',
    'HAS_PROPERTY',
    'NOT_HAS_PROPERTY',
    'CONTAINS_TOKEN',
    'NOT_CONTAINS_TOKEN',
  ];

  /** `POST /crm/v3/objects/{object}/search` (search/guide; legacy/crm/objects/contacts/search/search-contacts and its siblings). */
  function search(kind: ObjectKind, body: Json, raw: string): Response {
    if (raw.length > SEARCH_LIMITS.bodyChars) return invalid(`The request body is over ${SEARCH_LIMITS.bodyChars} characters.`);
    const groups = body.filterGroups === undefined ? [] : body.filterGroups;
    if (!Array.isArray(groups)) return invalid('filterGroups must be a list.');
    const filters = groups.map((g: { filters?: unknown }) => (Array.isArray(g?.filters) ? (g.filters as Filter[]) : []));
    const total = filters.reduce((n, fs) => n + fs.length, 0);
    if (
      groups.length > SEARCH_LIMITS.groups ||
      filters.some((fs) => fs.length > SEARCH_LIMITS.filtersPerGroup) ||
      total > SEARCH_LIMITS.filters
    )
      return invalid(
        `Too many filters: at most ${SEARCH_LIMITS.groups} filterGroups with ${SEARCH_LIMITS.filtersPerGroup} filters each, ${SEARCH_LIMITS.filters} in all (got ${groups.length} groups, ${total} filters).`,
      );
    const defs = defsOf(kind);
    for (const f of filters.flat()) {
      const name = typeof f?.propertyName === 'string' ? f.propertyName : '';
      if (!OPERATORS.includes(String(f?.operator))) return invalid(`Unknown filter operator ${String(f?.operator)}.`);
      const pseudo = name === (kind === 'contacts' ? 'associations.company' : 'associations.contact');
      if (!name || (defs && !pseudo && !defs.has(name)))
        return invalid(`There was a problem with the request: property ${name} does not exist`, { context: { propertyName: [name] } });
    }
    const size = body.limit === undefined ? 10 : Number(body.limit);
    if (!Number.isInteger(size) || size < 0 || size > SEARCH_LIMITS.pageSize)
      return invalid(`limit must be between 0 and ${SEARCH_LIMITS.pageSize} (got ${String(body.limit)}).`);
    const after = body.after === undefined || body.after === '' ? 0 : Number(body.after);
    if (!Number.isInteger(after) || after < 0) return invalid('after must be an integer.');
    if (after + size > SEARCH_LIMITS.results) return invalid(`Search results are limited to ${SEARCH_LIMITS.results}.`);

    const query = typeof body.query === 'string' ? body.query.trim().toLowerCase() : '';
    let found = [...stores[kind].values()].flatMap((r) => {
      const seen = searchView(r);
      if (!seen || seen.archived) return [];
      const ok =
        (groups.length === 0 || filters.some((fs) => fs.every((f) => matchesFilter(kind, r, seen.properties, f)))) &&
        (!query || QUERY_FIELDS[kind].some((p) => (seen.properties[p] ?? '').toLowerCase().includes(query)));
      return ok ? [{ r, seen }] : [];
    });
    // One sort rule at most (search/guide, "Sort search results"); by default oldest first.
    const sort = Array.isArray(body.sorts) ? (body.sorts[0] as unknown) : undefined;
    if (sort) {
      const name = typeof sort === 'string' ? sort.replace(/^-/, '') : String((sort as Json).propertyName);
      const desc = typeof sort === 'string' ? sort.startsWith('-') : (sort as Json).direction === 'DESCENDING';
      const get = (x: { r: HubSpotRecord; seen: Indexed }) => ({ ...x.seen.properties, ...systemProps(kind, x.r) })[name] ?? '';
      found = [...found].sort((a, b) => (desc ? -1 : 1) * get(a).localeCompare(get(b), undefined, { numeric: true }));
    }
    const wanted = requested(body.properties) ?? SEARCH_DEFAULT[kind];
    const page = found.slice(after, after + size);
    return ok({
      total: found.length,
      results: page.map(({ r, seen }) => view(kind, r, wanted, {}, seen.properties)),
      ...(after + size < found.length ? { paging: { next: { after: String(after + size) } } } : {}),
    });
  }

  // --- answers -------------------------------------------------------------------------------------------

  const ok = (b: unknown, status = 200) => json(status, b, lastHeaders);
  const batch = (results: unknown[], errors: unknown[] = [], status = errors.length ? 207 : 200) =>
    ok(
      {
        status: 'COMPLETE',
        results,
        ...(errors.length ? { numErrors: errors.length, errors } : {}),
        startedAt: stamp(),
        completedAt: stamp(),
        requestedAt: stamp(),
      },
      status,
    );
  const notFound = (kind: ObjectKind, ids: string[]) => ({
    status: 'error',
    category: 'OBJECT_NOT_FOUND',
    message: `Could not get some ${SINGULAR[kind]} objects, they may be deleted or not exist. Check that ids are valid.`,
    context: { ids },
    errors: [],
    links: {},
  });

  // --- rate limits and scopes --------------------------------------------------------------------------------

  let currentPath = '';
  function admit(token: string, isSearch: boolean): Response | null {
    const t = now();
    const window = (sends.get(token) ?? []).filter((s) => s > t - windowMs);
    const headers = (remaining: number) => ({
      'X-HubSpot-RateLimit-Max': String(limit()),
      'X-HubSpot-RateLimit-Remaining': String(Math.max(0, remaining)),
      'X-HubSpot-RateLimit-Interval-Milliseconds': String(windowMs),
      ...(faults.retryAfterSeconds !== null ? { 'Retry-After': String(faults.retryAfterSeconds) } : {}),
    });
    if (faults.rateLimitNext > 0 || (faults.rateLimitPath !== null && faults.rateLimitPath === currentPath)) {
      if (faults.rateLimitNext > 0) faults.rateLimitNext--;
      else faults.rateLimitPath = null;
      return error(429, 'RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', {}, headers(0));
    }
    if (window.length >= limit()) return error(429, 'RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', {}, headers(0));
    if (isSearch) {
      const recent = (searches.get(token) ?? []).filter((s) => s > t - 1_000);
      if (recent.length >= searchPerSecond) return error(429, 'RATE_LIMITS', 'You have reached your secondly limit.');
      recent.push(t);
      searches.set(token, recent);
    }
    window.push(t);
    sends.set(token, window);
    lastHeaders = headers(limit() - window.length);
    return null;
  }

  /** 403 unless the token has one of `anyOf` (the reference lists the scopes that grant each route). */
  function need(scopes: string[], ...anyOf: string[]): Response | null {
    return anyOf.some((s) => scopes.includes(s))
      ? null
      : error(
          403,
          'MISSING_SCOPES',
          `This app hasn't been granted all required scopes to make this call. Required: [${anyOf.join(', ')}]`,
          {
            errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: anyOf } }],
          },
        );
  }
  /** Notes and tasks are read and written under the contacts scopes (legacy/crm/activities/{notes,tasks}: crm.objects.contacts.*). */
  const readScope = (kind: ObjectKind) => (kind === 'companies' ? 'crm.objects.companies.read' : 'crm.objects.contacts.read');
  const writeScope = (kind: ObjectKind) => (kind === 'companies' ? 'crm.objects.companies.write' : 'crm.objects.contacts.write');

  // --- routes --------------------------------------------------------------------------------------------------

  const inputsOf = (body: Json) => (Array.isArray(body.inputs) ? (body.inputs as Json[]) : []);
  const idOf = (input: Json) => str(input.id);
  function duplicateIds(inputs: Json[], key: (input: Json) => string = idOf): Response | null {
    const ids = inputs.map(key);
    const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    return twice.length
      ? invalid(`Duplicate IDs found in batch input: [${twice.join(', ')}]. IDs must be unique`, { context: { ids: twice } })
      : null;
  }

  /** "Properties › Read all properties" (GET) / "Create a property" (POST), legacy/crm/properties/v3. */
  function propertiesRoute(kind: DefinedKind, method: string, body: Json, scopes: string[]): Response | null {
    const defs = properties[kind];
    if (method === 'GET')
      return (
        need(scopes, 'crm.objects.contacts.read', 'crm.objects.contacts.write', `crm.schemas.${kind}.read`, `crm.objects.${kind}.read`) ??
        ok({ results: [...defs.values()] })
      );
    if (method !== 'POST') return null;
    // The reference grants "Create a property" by crm.schemas.{object}.write; it names no such scope for notes
    // or tasks, so here the contacts' schema scope stands for them (a token without it gets the same 403).
    const denied = need(scopes, 'crm.schemas.contacts.write');
    if (denied) return denied;
    const missing = ['name', 'label', 'type', 'fieldType', 'groupName'].filter((k) => typeof body[k] !== 'string' || body[k] === '');
    if (missing.length)
      return invalid(`Invalid input JSON on line 1, column 2. Some required fields were not set: [${missing.join(', ')}]`);
    const name = body.name as string;
    const type = body.type as string;
    if (!/^[a-z][a-z0-9_]*$/.test(name))
      return invalid(`Property name ${name} must start with a letter and contain only lower-case letters, numbers and underscores.`);
    if (!PROPERTY_TYPES.includes(type)) return invalid(`Unknown property type ${type}.`);
    if (!FIELD_TYPES.includes(body.fieldType as string)) return invalid(`Unknown field type ${String(body.fieldType)}.`);
    if (defs.has(name)) return error(409, 'OBJECT_ALREADY_EXISTS', `Property ${name} already exists`, {}, lastHeaders);
    const unique = body.hasUniqueValue === true;
    if (unique && kind !== 'contacts' && !uniqueOnActivities)
      return invalid(`Unique value properties are not allowed on ${TYPE_ID[kind]} in portal ID ${portalId}.`);
    if (unique && uniqueNames(kind).length >= MAX_UNIQUE_PROPERTIES)
      return invalid(`An object can have at most ${MAX_UNIQUE_PROPERTIES} unique value properties.`);
    const opts = Array.isArray(body.options) ? (body.options as Json[]) : [];
    if (type === 'enumeration' && !Array.isArray(body.options)) return invalid('options must be set for an enumeration property.');
    const def: PropertyDefinition = {
      ...definition([name, type, body.fieldType as string], false),
      label: body.label as string,
      groupName: body.groupName as string,
      description: typeof body.description === 'string' ? body.description : '',
      hasUniqueValue: unique,
      options: opts.map((o, i) => ({
        label: String(o.label ?? o.value),
        value: String(o.value),
        hidden: o.hidden === true,
        displayOrder: typeof o.displayOrder === 'number' ? o.displayOrder : i,
      })),
    };
    defs.set(name, def);
    return ok(def, 201);
  }

  /** "Create a batch of …" (legacy/crm/objects/{contacts,companies}/batch/create-…, legacy/crm/activities/{notes,tasks}/batch/create-…). */
  function batchCreate(kind: ObjectKind, inputs: Json[]): Response {
    const writes = inputs.map((input) => ({ target: null, props: clean(input.properties) }));
    const links: string[][] = [];
    for (const input of inputs) {
      const assoc = Array.isArray(input.associations) ? (input.associations as Json[]) : [];
      const ids: string[] = [];
      for (const a of assoc) {
        const to = str((a.to as Json | undefined)?.id);
        const types = Array.isArray(a.types) ? (a.types as Json[]) : [];
        const [toKind, typeId] =
          kind === 'notes'
            ? (['contacts', DEFAULT_TYPE.noteToContact] as const)
            : kind === 'tasks'
              ? (['contacts', DEFAULT_TYPE.taskToContact] as const)
              : kind === 'contacts'
                ? (['companies', DEFAULT_TYPE.contactToCompany] as const)
                : (['contacts', DEFAULT_TYPE.companyToContact] as const);
        if (!types.some((t) => t.associationCategory === 'HUBSPOT_DEFINED' && Number(t.associationTypeId) === typeId))
          return invalid(`Invalid association from ${SINGULAR[kind]} to ${SINGULAR[toKind]}: the HUBSPOT_DEFINED type is ${typeId}.`);
        if (!isLive(stores[toKind].get(to))) return invalid(`Could not associate: ${SINGULAR[toKind]} ${to} does not exist.`);
        ids.push(to);
      }
      links.push(ids);
    }
    const refused = checkWrites(kind, writes);
    if (refused) return refused;
    const created = writes.map(({ props }, i) => {
      const r = newRecord(kind, props);
      const ids = links[i] ?? [];
      if (kind === 'notes' || kind === 'tasks') (r as ActivityRecord).contactIds = [...new Set(ids)];
      else if (kind === 'contacts') for (const c of ids) associate(r.id, c);
      else for (const c of ids) associate(c, r.id);
      return r;
    });
    return ok({ status: 'COMPLETE', results: created.map((r) => view(kind, r, 'all')), startedAt: stamp(), completedAt: stamp() }, 201);
  }

  /** "Create or update a batch of … by unique property values" (legacy/crm/objects/contacts/batch/upsert-contacts, legacy/crm/activities/{notes,tasks}/batch/upsert-…). */
  function batchUpsert(kind: DefinedKind, inputs: Json[]): Response {
    for (const input of inputs) {
      const by = typeof input.idProperty === 'string' ? input.idProperty : 'hs_object_id';
      if (!canKeyOn(kind, by)) return nonUnique(kind, by);
    }
    const dup = duplicateIds(inputs, (i) => (i.idProperty === 'email' ? normEmail(idOf(i)) : idOf(i)));
    if (dup) return dup;
    const writes = inputs.map((input) => {
      const by = input.idProperty as string;
      const target = holderOf(kind, by, idOf(input)) ?? null;
      const props = clean(input.properties);
      return { target, props: target ? props : { ...props, [by]: idOf(input) } };
    });
    const refused = checkWrites(kind, writes);
    if (refused) return refused;
    return batch(
      writes.map(({ target, props }) => {
        if (target) {
          update(target, props);
          return view(kind, target, 'all', { new: false });
        }
        return view(kind, newRecord(kind, props), 'all', { new: true });
      }),
    );
  }

  /** Resolve each input to a live record by id, or by `idProperty`; the ones not found are listed. */
  function resolve(kind: DefinedKind, inputs: Json[], by: string | null) {
    const found: { input: Json; record: HubSpotRecord }[] = [];
    const missing: string[] = [];
    for (const input of inputs) {
      const key = typeof input.idProperty === 'string' ? input.idProperty : by;
      const record = key ? holderOf(kind, key, idOf(input)) : stores[kind].get(idOf(input));
      if (isLive(record)) found.push({ input, record });
      else missing.push(idOf(input));
    }
    return { found, missing };
  }

  /** "Read a batch of … by internal ID, or unique property values" (legacy/crm/objects/contacts/batch/read-contacts, legacy/crm/activities/tasks/batch/read-tasks): 207 lists the ids not found. */
  function batchRead(kind: 'contacts' | 'tasks', body: Json, inputs: Json[]): Response {
    const by = typeof body.idProperty === 'string' ? body.idProperty : null;
    if (by && !canKeyOn(kind, by)) return nonUnique(kind, by, 'read');
    const { found, missing } = resolve(kind, inputs, by);
    const wanted = requested(body.properties) ?? [];
    return batch(
      found.map(({ record }) => view(kind, record, wanted)),
      missing.length ? [notFound(kind, missing)] : [],
    );
  }

  /** "Update a batch of …" by id or `idProperty` (legacy/crm/objects/contacts/batch/update-contacts, legacy/crm/activities/tasks/batch/update-tasks): 207 lists the ids not found. */
  function batchUpdate(kind: 'contacts' | 'tasks', inputs: Json[]): Response {
    for (const input of inputs)
      if (typeof input.idProperty === 'string' && !canKeyOn(kind, input.idProperty)) return nonUnique(kind, input.idProperty);
    const dup = duplicateIds(inputs);
    if (dup) return dup;
    const { found, missing } = resolve(kind, inputs, null);
    const writes = found.map(({ input, record }) => ({ target: record, props: clean(input.properties) }));
    const refused = checkWrites(kind, writes);
    if (refused) return refused;
    return batch(
      writes.map(({ target, props }) => {
        update(target, props);
        return view(kind, target, 'all');
      }),
      missing.length ? [notFound(kind, missing)] : [],
    );
  }

  function associate(contactId: string, companyId: string): void {
    const set = associations.get(contactId) ?? new Set<string>();
    set.add(companyId);
    associations.set(contactId, set);
  }

  /**
   * "Associations v4 › Associate records (default)", batch: POST …/batch/associate/default
   * (legacy/crm/associations/associate-records/batch/create-associations). Idempotent. The reference documents
   * 200 only; a pair whose record does not exist is listed in `errors` (its shape: `BatchResponsePublicDefaultAssociation`).
   */
  function associateDefault(from: 'contacts' | 'notes' | 'tasks', to: 'companies' | 'contacts', inputs: Json[]): Response {
    const typeId =
      from === 'contacts' ? DEFAULT_TYPE.contactToCompany : from === 'notes' ? DEFAULT_TYPE.noteToContact : DEFAULT_TYPE.taskToContact;
    const results: unknown[] = [];
    const missing: string[] = [];
    for (const input of inputs) {
      const fromId = str((input.from as Json | undefined)?.id);
      const toId = str((input.to as Json | undefined)?.id);
      const source = stores[from].get(fromId);
      if (!isLive(source) || !isLive(stores[to].get(toId))) {
        missing.push(isLive(source) ? toId : fromId);
        continue;
      }
      if (from === 'contacts') associate(fromId, toId);
      else if (!(source as ActivityRecord).contactIds.includes(toId)) (source as ActivityRecord).contactIds.push(toId);
      results.push({
        from: { id: fromId },
        to: { id: toId },
        associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
      });
    }
    return batch(
      results,
      missing.length ? [{ ...notFound(from, missing), message: `Could not associate: no such records ${missing.join(', ')}` }] : [],
      200,
    );
  }

  /** "Owners › Get a page of owners" (legacy/crm/owners/v3): `email`, `limit` (100), `after`. */
  function ownersRoute(url: URL): Response {
    const email = url.searchParams.get('email');
    const size = Math.min(Number(url.searchParams.get('limit') ?? 100) || 100, 500);
    const after = Number(url.searchParams.get('after') ?? 0) || 0;
    const matching = owners.filter((o) => !email || o.email.toLowerCase() === email.toLowerCase());
    const page = matching.slice(after, after + size);
    return ok({ results: page, ...(after + size < matching.length ? { paging: { next: { after: String(after + size) } } } : {}) });
  }

  const KINDS: ObjectKind[] = ['contacts', 'companies', 'notes', 'tasks'];
  const DEFINED: DefinedKind[] = ['contacts', 'notes', 'tasks'];

  async function route(method: string, url: URL, body: Json, raw: string, scopes: string[]): Promise<Response> {
    const path = url.pathname;
    const inputs = inputsOf(body);
    if (inputs.length > MAX_INPUTS) return invalid(`Too many inputs: at most ${MAX_INPUTS}.`);
    const post = method === 'POST';

    // "Account information › Get account details" (legacy/account-info/v3): free for any token.
    if (method === 'GET' && path === HUBSPOT_PATHS.accountDetails)
      return ok({ portalId, accountType: 'STANDARD', timeZone: 'Europe/Berlin', companyCurrency: 'EUR', uiDomain: 'app.hubspot.com' });

    for (const kind of DEFINED)
      if (path === HUBSPOT_PATHS.properties(kind)) {
        const answer = propertiesRoute(kind, method, body, scopes);
        if (answer) return answer;
      }

    // "Properties › Read a property" (legacy/crm/properties/v3): contacts only, as the extension reads it.
    const propertyPrefix = `${HUBSPOT_PATHS.properties('contacts')}/`;
    const propertyName = path.startsWith(propertyPrefix) ? path.slice(propertyPrefix.length) : '';
    if (method === 'GET' && propertyName && !propertyName.includes('/')) {
      const denied = need(scopes, 'crm.objects.contacts.read', 'crm.objects.contacts.write', 'crm.schemas.contacts.read');
      if (denied) return denied;
      const name = decodeURIComponent(propertyName);
      const def = properties.contacts.get(name);
      return def
        ? ok(def)
        : error(404, 'OBJECT_NOT_FOUND', `Unable to find property ${name} for object type ${TYPE_ID.contacts}`, {}, lastHeaders);
    }

    if (method === 'GET' && path === HUBSPOT_PATHS.owners) return need(scopes, 'crm.objects.owners.read') ?? ownersRoute(url);

    for (const kind of KINDS) {
      if (post && path === HUBSPOT_PATHS.search(kind)) return need(scopes, readScope(kind)) ?? search(kind, body, raw);
      if (post && path === HUBSPOT_PATHS.batchCreate(kind)) return need(scopes, writeScope(kind)) ?? batchCreate(kind, inputs);
    }
    for (const kind of DEFINED)
      if (post && path === HUBSPOT_PATHS.batchUpsert(kind)) return need(scopes, writeScope(kind)) ?? batchUpsert(kind, inputs);
    for (const kind of ['contacts', 'tasks'] as const) {
      if (post && path === HUBSPOT_PATHS.batchRead(kind)) return need(scopes, readScope(kind)) ?? batchRead(kind, body, inputs);
      if (post && path === HUBSPOT_PATHS.batchUpdate(kind)) return need(scopes, writeScope(kind)) ?? batchUpdate(kind, inputs);
    }
    // "Archive a batch of … by ID" (legacy/crm/activities/{notes,tasks}/batch/archive-…): 204, no body; an unknown id is no error.
    for (const kind of ['notes', 'tasks'] as const)
      if (post && path === HUBSPOT_PATHS.batchArchive(kind)) {
        const denied = need(scopes, writeScope(kind));
        if (denied) return denied;
        for (const input of inputs) {
          const r = stores[kind].get(idOf(input));
          if (isLive(r)) archive(r);
        }
        return new Response(null, { status: 204, headers: lastHeaders });
      }
    // POST only: the PUT in that family is the single pair's (…/{fromId}/associations/default/{toType}/{toId}),
    // so any other method on these paths falls through to the 404 below, as at HubSpot.
    for (const [from, to] of [
      ['contacts', 'companies'],
      ['notes', 'contacts'],
      ['tasks', 'contacts'],
    ] as const)
      if (post && path === HUBSPOT_PATHS.associateDefault(from, to))
        return need(scopes, 'crm.objects.contacts.write') ?? associateDefault(from, to, inputs);

    return error(404, 'OBJECT_NOT_FOUND', `No route ${method} ${path}`);
  }

  /** One request as HubSpot receives it: faults, token, rate limits, then the route. Logged. */
  async function receive(method: string, url: URL, authorization: string, raw: string): Promise<Response> {
    const path = url.pathname;
    const token = authorization.replace(/^Bearer\s+/i, '');
    const entry = tokens.get(token);
    const record = (status: number) => log.push({ method, path, status });
    if (faults.htmlNext > 0) {
      faults.htmlNext--;
      record(200);
      return new Response('<!doctype html><title>Login</title>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    }
    if (!entry || entry.revoked) {
      record(401);
      return error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    }
    currentPath = path;
    const limited = admit(token, path.endsWith('/search'));
    if (limited) {
      record(429);
      return limited;
    }
    if (faults.serverErrorNext > 0) {
      faults.serverErrorNext--;
      record(502);
      return error(502, 'INTERNAL_ERROR', 'Bad gateway');
    }
    let body: Json = {};
    if (method !== 'GET' && method !== 'HEAD' && raw !== '') {
      try {
        const parsed: unknown = JSON.parse(raw);
        body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : {};
      } catch {
        record(400);
        return error(400, 'VALIDATION_ERROR', 'Invalid JSON');
      }
    }
    const response = await route(method, url, body, raw, entry.scopes);
    record(response.status);
    return response;
  }

  /**
   * Answer a request. A request `control.resendNext` names is received twice (the second answer returned);
   * one `control.loseAnswerNext` names is done in full and then throws `HubSpotAnswerLost` instead of answering.
   */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const raw = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const authorization = request.headers.get('Authorization') ?? '';
    const resendAt = faults.resend.indexOf(path);
    if (resendAt >= 0) faults.resend.splice(resendAt, 1);
    let response = await receive(request.method, url, authorization, raw);
    if (resendAt >= 0) response = await receive(request.method, url, authorization, raw);
    const loseAt = faults.lose.findIndex((l) => l.path === null || l.path === path);
    if (loseAt >= 0) {
      faults.lose.splice(loseAt, 1);
      const last = log[log.length - 1];
      if (last) last.lost = true;
      throw new HubSpotAnswerLost(path);
    }
    return response;
  }

  return {
    handle,
    /** A `fetch` straight into the emulator (unit tests; no socket). A lost answer rejects as the browser's fetch does. */
    fetch: async (input: string, init: RequestInit): Promise<Response> => {
      try {
        return await handle(new Request(input, init));
      } catch (e) {
        if (e instanceof HubSpotAnswerLost) throw new TypeError('Failed to fetch');
        throw e;
      }
    },
    contacts,
    companies,
    notes,
    tasks,
    associations,
    /** Property definitions of contacts, notes and tasks. */
    properties,
    /** The contact property names (Set-like: `add(name)` creates a text property as if made in HubSpot). */
    contactProperties,
    owners,
    /** The records not archived (what a rep sees in HubSpot): count these before and after. */
    live,
    log,
    /** How many requests reached `path` (any method), 429s and resends included. */
    count: (path: string) => log.filter((l) => l.path === path).length,
    control: {
      /** A contact already in the portal (the team's CRM), e.g. owned by a teammate: already in search. */
      addContact(props: Record<string, string>): HubSpotRecord {
        return newRecord('contacts', { ...props }, -Infinity);
      },
      addCompany(props: Record<string, string>): HubSpotRecord {
        return newRecord('companies', { ...props }, -Infinity);
      },
      /** A note or task already in the portal, on these contacts: already in search. */
      addNote(props: Record<string, string>, contactIds: string[] = []): ActivityRecord {
        const r = newRecord('notes', { ...props }, -Infinity) as ActivityRecord;
        r.contactIds = [...contactIds];
        return r;
      },
      addTask(props: Record<string, string>, contactIds: string[] = []): ActivityRecord {
        const r = newRecord('tasks', { ...props }, -Infinity) as ActivityRecord;
        r.contactIds = [...contactIds];
        return r;
      },
      /** A property made in HubSpot's settings (no scope needed), e.g. a unique key on notes. */
      addProperty(kind: DefinedKind, def: Pick<PropertyDefinition, 'name'> & Partial<PropertyDefinition>): PropertyDefinition {
        const made = { ...definition(text(def.name), false), ...def };
        properties[kind].set(made.name, made);
        return made;
      },
      revoke(token: string) {
        const t = tokens.get(token);
        if (t) t.revoked = true;
      },
      addToken(token: string, scopes: string[] = FULL_SCOPES) {
        tokens.set(token, { scopes });
      },
      /** The next `n` requests answer 429 (as if another app drained the portal's window). */
      rateLimitNext(n: number, retryAfterSeconds: number | null = null) {
        faults.rateLimitNext = n;
        faults.retryAfterSeconds = retryAfterSeconds;
      },
      /** The next request to `path` answers 429 (mid-send, e.g. at the companies step). */
      rateLimitAt(path: string, retryAfterSeconds: number | null = null) {
        faults.rateLimitPath = path;
        faults.retryAfterSeconds = retryAfterSeconds;
      },
      serverErrorNext(n: number) {
        faults.serverErrorNext = n;
      },
      htmlNext(n: number) {
        faults.htmlNext = n;
      },
      /**
       * The next `n` requests (to `path` if given) are done in full — their effects stay — and then their answer
       * is lost before any byte: `fetch` rejects with TypeError('Failed to fetch'); the server closes the socket
       * (on a reused keep-alive socket Chromium then resends the request itself).
       */
      loseAnswerNext(n: number, path: string | null = null) {
        for (let i = 0; i < n; i++) faults.lose.push({ path });
      },
      /** The next request to `path` reaches HubSpot twice (the browser's automatic resend); the second answer is returned. */
      resendNext(path: string) {
        faults.resend.push(path);
      },
      /** Search lags writes by `ms` from now on (see `searchLagMs`). */
      setSearchLag(ms: number) {
        searchLagMs = ms;
      },
      /** Whether notes and tasks may have unique-value properties in this portal (see `uniqueOnActivities`). */
      setUniqueOnActivities(allowed: boolean) {
        uniqueOnActivities = allowed;
      },
      setTier(next: 'free' | 'professional') {
        tier = next;
      },
      /** Mia Owner (77) and a second owner, Jonas Berg (78). */
      ownerId: owners[0]!.id,
      secondOwnerId: owners[1]!.id,
    },
  };
}

export type HubSpotEmulator = ReturnType<typeof createHubSpotEmulator>;

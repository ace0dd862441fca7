/*
 * An in-memory HubSpot for tests: the subset the extension calls (lib/crm/hubspot/paths.ts, each route
 * after the reference page named there and the `@hubspot/api-client` codegen types), with HubSpot's
 * limits and errors: 100 requests per rolling 10 s per token (190 for a Professional/Enterprise
 * portal) announced in `X-HubSpot-RateLimit-*`, the search endpoints' 4 per second, 429 with the
 * policy name in the body, 401 for an unknown or revoked token, 403 MISSING_SCOPES. Tests control it
 * directly (`control`), and read what it holds (`contacts`, `companies`, `notes`, `associations`, `log`).
 */
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string>;
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
  now?: () => number;
}

export const FULL_SCOPES = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.schemas.contacts.write',
];

/** The default contact properties a new portal has (the ones the extension writes and reads). */
const STANDARD_CONTACT_PROPERTIES = [
  'email',
  'firstname',
  'lastname',
  'phone',
  'jobtitle',
  'company',
  'twitterhandle',
  'hs_lead_status',
  'hubspot_owner_id',
];

type Json = Record<string, unknown>;

export function createHubSpotEmulator(opts: HubSpotEmulatorOptions = {}) {
  const now = opts.now ?? (() => Date.now());
  const tokens = new Map(Object.entries(opts.tokens ?? { 'pat-test': { scopes: FULL_SCOPES } }));
  const portalId = opts.portalId ?? 4242;
  let tier = opts.tier ?? 'free';
  const windowMs = opts.windowMs ?? 10_000;
  const searchPerSecond = opts.searchPerSecond ?? 4;
  let nextId = 1000;
  const contacts = new Map<string, HubSpotRecord>();
  const companies = new Map<string, HubSpotRecord>();
  const notes = new Map<string, HubSpotRecord & { contactIds: string[] }>();
  /** contactId → companyIds. */
  const associations = new Map<string, Set<string>>();
  const contactProperties = new Set(STANDARD_CONTACT_PROPERTIES);
  const owners = [{ id: '77', firstName: 'Mia', lastName: 'Owner', email: 'mia@team.example' }];
  const sends = new Map<string, number[]>();
  const searches = new Map<string, number[]>();
  /** Every request: method, path, status. */
  const log: { method: string; path: string; status: number }[] = [];
  /** The rate headers of the request being answered. */
  let lastHeaders: Record<string, string> = {};
  const faults = {
    rateLimitPath: null as string | null,
    rateLimitNext: 0,
    serverErrorNext: 0,
    retryAfterSeconds: null as number | null,
    htmlNext: 0,
  };

  const limit = () => (tier === 'professional' ? 190 : 100);
  const stamp = () => new Date(now()).toISOString();

  function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json;charset=utf-8', ...headers } });
  }
  function error(status: number, category: string, message: string, headers: Record<string, string> = {}) {
    return json(status, { status: 'error', message, category, correlationId: crypto.randomUUID() }, headers);
  }

  function newRecord(properties: Record<string, unknown>): HubSpotRecord {
    const at = stamp();
    return { id: String(nextId++), properties: clean(properties), createdAt: at, updatedAt: at };
  }
  function clean(properties: Record<string, unknown>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(properties).flatMap(([k, v]) =>
        typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [[k, String(v)]] : [],
      ),
    );
  }
  function view(record: HubSpotRecord, properties?: unknown, extra: Json = {}) {
    const wanted = Array.isArray(properties) && properties.length ? (properties as string[]) : Object.keys(record.properties);
    return {
      id: record.id,
      properties: Object.fromEntries(wanted.map((p) => [p, record.properties[p] ?? null])),
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      archived: false,
      ...extra,
    };
  }
  function update(record: HubSpotRecord, properties: Record<string, unknown>): void {
    Object.assign(record.properties, clean(properties));
    record.updatedAt = stamp();
  }
  const eq = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

  /** `filterGroups` OR'ed, filters in a group AND'ed; EQ and IN as the Search reference describes. */
  function matches(record: HubSpotRecord, filterGroups: unknown): boolean {
    if (!Array.isArray(filterGroups) || filterGroups.length === 0) return true;
    return filterGroups.some((group: { filters?: { propertyName: string; operator: string; value?: string; values?: string[] }[] }) =>
      (group.filters ?? []).every((f) => {
        const v = record.properties[f.propertyName];
        if (f.operator === 'EQ') return eq(v, String(f.value ?? ''));
        if (f.operator === 'IN') return (f.values ?? []).some((x) => eq(v, String(x)));
        if (f.operator === 'HAS_PROPERTY') return v !== undefined && v !== '';
        return false;
      }),
    );
  }
  function unknownProperties(filterGroups: unknown, known: Set<string> | null): string | null {
    if (!known || !Array.isArray(filterGroups)) return null;
    for (const g of filterGroups as { filters?: { propertyName: string }[] }[])
      for (const f of g.filters ?? []) if (!known.has(f.propertyName)) return f.propertyName;
    return null;
  }

  let currentPath = '';
  function admit(token: string, search: boolean): Response | null {
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
      return error(429, 'RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', headers(0));
    }
    if (window.length >= limit()) return error(429, 'RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', headers(0));
    if (search) {
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

  function need(scopes: string[], scope: string): Response | null {
    return scopes.includes(scope)
      ? null
      : error(403, 'MISSING_SCOPES', `This app hasn't been granted all required scopes to make this call. Required: [${scope}]`);
  }

  async function route(method: string, path: string, body: Json, scopes: string[]): Promise<Response> {
    const ok = (b: unknown, status = 200) => json(status, b, lastHeaders);
    const batch = (results: unknown[]) =>
      ok({ status: 'COMPLETE', results, startedAt: stamp(), completedAt: stamp(), requestedAt: stamp() });
    const inputs = (Array.isArray(body.inputs) ? body.inputs : []) as Json[];
    if (inputs.length > 100) return error(400, 'VALIDATION_ERROR', 'Too many inputs: at most 100.');

    if (method === 'GET' && path === HUBSPOT_PATHS.accountDetails)
      return ok({ portalId, accountType: 'STANDARD', timeZone: 'Europe/Berlin', companyCurrency: 'EUR', uiDomain: 'app.hubspot.com' });

    if (path === HUBSPOT_PATHS.properties('contacts')) {
      if (method === 'GET')
        return need(scopes, 'crm.objects.contacts.read') ?? ok({ results: [...contactProperties].map((name) => ({ name, label: name })) });
      if (method === 'POST') {
        const denied = need(scopes, 'crm.schemas.contacts.write');
        if (denied) return denied;
        const name = typeof body.name === 'string' ? body.name : '';
        if (contactProperties.has(name)) return error(409, 'OBJECT_ALREADY_EXISTS', `Property ${name} already exists`);
        contactProperties.add(name);
        return ok({ name, label: body.label, type: body.type, fieldType: body.fieldType, groupName: body.groupName }, 201);
      }
    }

    if (method === 'GET' && path === HUBSPOT_PATHS.owners) return ok({ results: owners });

    for (const object of ['contacts', 'companies'] as const) {
      const store = object === 'contacts' ? contacts : companies;
      const read = `crm.objects.${object}.read`;
      const write = `crm.objects.${object}.write`;
      if (method === 'POST' && path === HUBSPOT_PATHS.search(object)) {
        const denied = need(scopes, read);
        if (denied) return denied;
        const bad = unknownProperties(body.filterGroups, object === 'contacts' ? contactProperties : null);
        if (bad) return error(400, 'VALIDATION_ERROR', `There was a problem with the request: property ${bad} does not exist`);
        const found = [...store.values()].filter((r) => matches(r, body.filterGroups));
        const size = Math.min(Number(body.limit ?? 10), 200);
        return ok({ total: found.length, results: found.slice(0, size).map((r) => view(r, body.properties)) });
      }
      if (method === 'POST' && path === HUBSPOT_PATHS.batchCreate(object)) {
        const denied = need(scopes, write);
        if (denied) return denied;
        const created = inputs.map((input) => {
          const r = newRecord((input.properties ?? {}) as Json);
          store.set(r.id, r);
          return r;
        });
        return json(201, { status: 'COMPLETE', results: created.map((r) => view(r)) }, lastHeaders);
      }
    }

    if (method === 'POST' && path === HUBSPOT_PATHS.batchRead('contacts')) {
      const denied = need(scopes, 'crm.objects.contacts.read');
      if (denied) return denied;
      const by = typeof body.idProperty === 'string' ? body.idProperty : null;
      const results = inputs.flatMap((input) => {
        const r = by ? [...contacts.values()].find((c) => eq(c.properties[by], String(input.id))) : contacts.get(String(input.id));
        return r ? [view(r, body.properties)] : [];
      });
      return batch(results);
    }
    if (method === 'POST' && path === HUBSPOT_PATHS.batchUpsert('contacts')) {
      const denied = need(scopes, 'crm.objects.contacts.write');
      if (denied) return denied;
      const results = inputs.map((input) => {
        const by = typeof input.idProperty === 'string' ? input.idProperty : 'hs_object_id';
        const existing =
          by === 'hs_object_id'
            ? contacts.get(String(input.id))
            : [...contacts.values()].find((c) => eq(c.properties[by], String(input.id)));
        if (existing) {
          update(existing, (input.properties ?? {}) as Json);
          return view(existing, undefined, { new: false });
        }
        const r = newRecord({ ...((input.properties ?? {}) as Json), ...(by !== 'hs_object_id' ? { [by]: input.id } : {}) });
        contacts.set(r.id, r);
        return view(r, undefined, { new: true });
      });
      return batch(results);
    }
    if (method === 'POST' && path === HUBSPOT_PATHS.batchUpdate('contacts')) {
      const denied = need(scopes, 'crm.objects.contacts.write');
      if (denied) return denied;
      const missing = inputs.find((input) => !contacts.has(String(input.id)));
      if (missing) return error(404, 'OBJECT_NOT_FOUND', `Contact ${String(missing.id)} does not exist`);
      return batch(
        inputs.map((input) => {
          const r = contacts.get(String(input.id))!;
          update(r, (input.properties ?? {}) as Json);
          return view(r);
        }),
      );
    }
    if (method === 'POST' && path === HUBSPOT_PATHS.batchCreate('notes')) {
      const denied = need(scopes, 'crm.objects.contacts.write');
      if (denied) return denied;
      const created = inputs.map((input) => {
        const assoc = (input.associations ?? []) as { to: { id: string } }[];
        const r = { ...newRecord((input.properties ?? {}) as Json), contactIds: assoc.map((a) => String(a.to.id)) };
        notes.set(r.id, r);
        return r;
      });
      return json(201, { status: 'COMPLETE', results: created.map((r) => view(r)) }, lastHeaders);
    }
    // POST, as the reference documents it (legacy/crm/associations/associate-records/batch/create-associations);
    // any other method on this path falls through to the 404 below, as at HubSpot.
    if (method === 'POST' && path === HUBSPOT_PATHS.associateDefault('contacts', 'companies')) {
      const denied = need(scopes, 'crm.objects.contacts.write');
      if (denied) return denied;
      const results = inputs.map((input) => {
        const from = String((input.from as Json).id);
        const to = String((input.to as Json).id);
        const set = associations.get(from) ?? new Set<string>();
        set.add(to);
        associations.set(from, set);
        return { from: { id: from }, to: { id: to }, associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 279 } };
      });
      return batch(results);
    }
    return error(404, 'OBJECT_NOT_FOUND', `No route ${method} ${path}`);
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
    const entry = tokens.get(token);
    const record = (status: number) => log.push({ method: request.method, path, status });
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
    if (request.method !== 'GET') {
      try {
        body = (await request.json()) as Json;
      } catch {
        record(400);
        return error(400, 'VALIDATION_ERROR', 'Invalid JSON');
      }
    }
    const response = await route(request.method, path, body, entry.scopes);
    record(response.status);
    return response;
  }

  return {
    handle,
    /** A `fetch` straight into the emulator (unit tests; no socket). */
    fetch: (input: string, init: RequestInit) => handle(new Request(input, init)),
    contacts,
    companies,
    notes,
    associations,
    contactProperties,
    log,
    /** How many requests reached `path` (any method), 429s included. */
    count: (path: string) => log.filter((l) => l.path === path).length,
    control: {
      /** A contact already in the portal (the team's CRM), e.g. owned by a teammate. */
      addContact(properties: Record<string, string>): HubSpotRecord {
        const r = newRecord(properties);
        contacts.set(r.id, r);
        return r;
      },
      addCompany(properties: Record<string, string>): HubSpotRecord {
        const r = newRecord(properties);
        companies.set(r.id, r);
        return r;
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
      setTier(next: 'free' | 'professional') {
        tier = next;
      },
      ownerId: owners[0]!.id,
    },
  };
}

export type HubSpotEmulator = ReturnType<typeof createHubSpotEmulator>;

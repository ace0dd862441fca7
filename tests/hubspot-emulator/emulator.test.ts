// The HubSpot emulator against what HubSpot's reference pages say (each case names the behaviour it pins):
// the extension's HubSpot tests mean something only if this stand-in answers as HubSpot does.
import { afterEach, describe, expect, it } from 'vitest';
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';
import { createHubSpotEmulator, FULL_SCOPES, LEAD_STATUS_OPTIONS, SEARCH_LIMITS, type HubSpotEmulatorOptions } from './emulator';
import { startHubSpotServer, type RunningHubSpot } from './server';

const BASE = 'https://api.hubapi.com';
type Hub = ReturnType<typeof createHubSpotEmulator>;
interface Rec {
  id: string;
  properties: Record<string, string | null>;
  archived: boolean;
  new?: boolean;
}
interface Body {
  results?: Rec[];
  errors?: { category: string; message: string; context: { ids: string[] } }[];
  numErrors?: number;
  message?: string;
  category?: string;
  total?: number;
  paging?: { next: { after: string } };
  name?: string;
  type?: string;
  hasUniqueValue?: boolean;
  options?: { value: string; label: string }[];
}
interface Answer {
  status: number;
  body: Body;
}

async function call(hs: Hub, method: string, path: string, body?: unknown, token = 'pat-test'): Promise<Answer> {
  const res = await hs.fetch(`${BASE}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Body };
}
const post = (hs: Hub, path: string, body: unknown = {}) => call(hs, 'POST', path, body);

/** The extension's unique keys, created as Connect creates them (names as in lib/leads/export/crm-status.ts). */
const KEYS = { contacts: 'crypto_directory_id', notes: 'crypto_directory_note_key', tasks: 'crypto_directory_task_key' } as const;
type Keyed = keyof typeof KEYS;
async function withKeys(opts: HubSpotEmulatorOptions = {}): Promise<Hub> {
  const hs = createHubSpotEmulator({ searchPerSecond: 1_000, ...opts });
  for (const kind of ['contacts', 'notes', 'tasks'] as const) {
    const made = await post(hs, HUBSPOT_PATHS.properties(kind), {
      name: KEYS[kind],
      label: KEYS[kind],
      type: 'string',
      fieldType: 'text',
      groupName: 'crypto_directory',
      hasUniqueValue: true,
    });
    expect(made.status).toBe(201);
  }
  return hs;
}
const when = '2026-11-20T12:00:00.000Z';
/** A valid record of each kind, keyed by `key`. */
const props = (kind: Keyed, key: string, extra: Record<string, string> = {}) => ({
  ...(kind === 'contacts' ? { firstname: 'Mei', lastname: 'Tanaka' } : { hs_timestamp: when }),
  ...(kind === 'notes' ? { hs_note_body: 'Met at Token2049' } : {}),
  ...(kind === 'tasks' ? { hs_task_subject: 'Follow up: Mei Tanaka', hs_task_status: 'NOT_STARTED' } : {}),
  [KEYS[kind]]: key,
  ...extra,
});
const upsert = (hs: Hub, kind: Keyed, keys: string[], extra: Record<string, string> = {}) =>
  post(hs, HUBSPOT_PATHS.batchUpsert(kind), {
    inputs: keys.map((key) => ({ id: key, idProperty: KEYS[kind], properties: props(kind, key, extra) })),
  });
const filter = (propertyName: string, operator: string, value?: string | string[]) =>
  Array.isArray(value) ? { propertyName, operator, values: value } : { propertyName, operator, ...(value === undefined ? {} : { value }) };
const searchIds = async (hs: Hub, kind: 'contacts' | 'companies' | 'notes' | 'tasks', filterGroups: unknown[], extra: object = {}) => {
  const answer = await post(hs, HUBSPOT_PATHS.search(kind), { filterGroups, ...extra });
  expect(answer.status).toBe(200);
  return (answer.body.results ?? []).map((r) => r.id);
};

describe('routes and methods: what HubSpot documents is served, anything else is a 404', () => {
  it.each([
    ['POST', HUBSPOT_PATHS.associateDefault('contacts', 'companies'), 200],
    ['PUT', HUBSPOT_PATHS.associateDefault('contacts', 'companies'), 404],
    ['PUT', HUBSPOT_PATHS.associateDefault('notes', 'contacts'), 404],
    ['GET', HUBSPOT_PATHS.search('contacts'), 404],
    ['PUT', HUBSPOT_PATHS.batchUpsert('notes'), 404],
    ['GET', HUBSPOT_PATHS.batchRead('tasks'), 404],
    ['DELETE', HUBSPOT_PATHS.batchArchive('tasks'), 404],
    ['PATCH', HUBSPOT_PATHS.properties('notes'), 404],
    ['GET', '/crm/v3/properties/companies', 404],
    ['GET', '/crm/v3/objects/contacts', 404],
    ['POST', '/crm/v3/objects/companies/batch/upsert', 404],
    ['GET', HUBSPOT_PATHS.owners, 200],
    ['GET', HUBSPOT_PATHS.accountDetails, 200],
  ])('%s %s → %d', async (method, path, status) => {
    const hs = createHubSpotEmulator();
    expect((await call(hs, method, path, method === 'GET' ? undefined : { inputs: [] })).status).toBe(status);
  });
});

describe('properties (legacy/crm/properties/v3)', () => {
  it('hs_lead_status is an enumeration with HubSpot’s default options, value → label', async () => {
    const answer = await call(createHubSpotEmulator(), 'GET', HUBSPOT_PATHS.property('contacts', 'hs_lead_status'));
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe('enumeration');
    expect(answer.body.options?.map((o) => [o.value, o.label])).toEqual([
      ['NEW', 'New'],
      ['OPEN', 'Open'],
      ['IN_PROGRESS', 'In Progress'],
      ['OPEN_DEAL', 'Open Deal'],
      ['UNQUALIFIED', 'Unqualified'],
      ['ATTEMPTED_TO_CONTACT', 'Attempted to Contact'],
      ['CONNECTED', 'Connected'],
      ['BAD_TIMING', 'Bad Timing'],
    ]);
    expect(LEAD_STATUS_OPTIONS).toHaveLength(8);
  });

  it.each([
    ['linkedin_url', 404],
    ['email', 200],
    ['hs_lead_status', 200],
  ])('GET one contact property %s → %d', async (name, status) => {
    expect((await call(createHubSpotEmulator(), 'GET', HUBSPOT_PATHS.property('contacts', name))).status).toBe(status);
  });

  it.each(['contacts', 'notes', 'tasks'] as const)('%s: create lists it; creating it again → 409 OBJECT_ALREADY_EXISTS', async (kind) => {
    const hs = createHubSpotEmulator();
    const def = { name: 'crypto_directory_tags', label: 'Tags', type: 'string', fieldType: 'text', groupName: 'crypto_directory' };
    expect((await post(hs, HUBSPOT_PATHS.properties(kind), def)).status).toBe(201);
    const again = await post(hs, HUBSPOT_PATHS.properties(kind), def);
    expect([again.status, again.body.category]).toEqual([409, 'OBJECT_ALREADY_EXISTS']);
    const listed = await call(hs, 'GET', HUBSPOT_PATHS.properties(kind));
    expect((listed.body.results as unknown as { name: string }[]).map((p) => p.name)).toContain('crypto_directory_tags');
  });

  it.each(['contacts', 'notes', 'tasks'] as const)(
    '%s: creating a property without crm.schemas.contacts.write → 403 MISSING_SCOPES',
    async (kind) => {
      const hs = createHubSpotEmulator();
      hs.control.addToken(
        'no-schema',
        FULL_SCOPES.filter((s) => s !== 'crm.schemas.contacts.write'),
      );
      const answer = await call(
        hs,
        'POST',
        HUBSPOT_PATHS.properties(kind),
        { name: 'x_key', label: 'X', type: 'string', fieldType: 'text', groupName: 'g' },
        'no-schema',
      );
      expect([answer.status, answer.body.category]).toEqual([403, 'MISSING_SCOPES']);
    },
  );

  it.each([
    ['contacts', true, 201],
    ['notes', true, 201],
    ['tasks', true, 201],
    ['contacts', false, 201],
    ['notes', false, 400],
    ['tasks', false, 400],
  ] as const)('%s, a portal allowing unique values on activities: %s → a unique property is %d', async (kind, allowed, status) => {
    const hs = createHubSpotEmulator({ uniqueOnActivities: allowed });
    const def = { name: 'x_key', label: 'X', type: 'string', fieldType: 'text', groupName: 'g', hasUniqueValue: true };
    expect((await post(hs, HUBSPOT_PATHS.properties(kind), def)).status).toBe(status);
    // The same property without unique values is fine on any portal.
    expect((await post(hs, HUBSPOT_PATHS.properties(kind), { ...def, name: 'x_plain', hasUniqueValue: false })).status).toBe(201);
  });

  it.each([
    ['no name', { label: 'X', type: 'string', fieldType: 'text', groupName: 'g' }, /required fields were not set: \[name\]/],
    ['a name with capitals', { name: 'Crypto', label: 'X', type: 'string', fieldType: 'text', groupName: 'g' }, /lower-case/],
    ['an unknown type', { name: 'x', label: 'X', type: 'text', fieldType: 'text', groupName: 'g' }, /type text/],
    ['an enumeration without options', { name: 'x', label: 'X', type: 'enumeration', fieldType: 'select', groupName: 'g' }, /options/],
  ])('creating a property with %s → 400', async (_, def, words) => {
    const answer = await post(createHubSpotEmulator(), HUBSPOT_PATHS.properties('contacts'), def);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(words);
  });

  it('at most ten unique-value properties per object (properties guide)', async () => {
    const hs = createHubSpotEmulator();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await post(hs, HUBSPOT_PATHS.properties('contacts'), {
            name: `k${i}`,
            label: 'K',
            type: 'string',
            fieldType: 'text',
            groupName: 'g',
            hasUniqueValue: true,
          })
        ).status,
      );
    expect(statuses).toEqual([...Array(10).fill(201), 400]);
  });

  it('contactProperties.add() is a property HubSpot lists and writes accept', async () => {
    const hs = createHubSpotEmulator();
    const write = () =>
      post(hs, HUBSPOT_PATHS.batchCreate('contacts'), { inputs: [{ properties: { linkedin_url: 'https://www.linkedin.com/in/mei' } }] });
    const refused = await write();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Property \\"linkedin_url\\" does not exist/);
    hs.contactProperties.add('linkedin_url');
    expect(hs.contactProperties.has('linkedin_url')).toBe(true);
    expect((await write()).status).toBe(201);
    expect(hs.live('contacts')).toHaveLength(1);
  });
});

describe('writes are checked as HubSpot checks them; a refused batch writes nothing', () => {
  it.each([
    ['a property that does not exist', 400, 'contacts', { firstname: 'Mei', favourite_chain: 'x' }, /"favourite_chain\\" does not exist/],
    ['a lead status that is not an option', 400, 'contacts', { hs_lead_status: 'new' }, /new was not one of the allowed options/],
    ['a note without hs_timestamp', 400, 'notes', { hs_note_body: 'hi' }, /Error creating NOTE. Some required properties were not set/],
    ['a task without hs_timestamp', 400, 'tasks', { hs_task_subject: 'x' }, /Error creating TASK/],
    ['a task status that is not an option', 400, 'tasks', { hs_timestamp: when, hs_task_status: 'DONE' }, /DONE was not one/],
    ['a valid note', 201, 'notes', { hs_timestamp: when, hs_note_body: 'hi' }, /^$/],
  ] as const)('%s → %d (beside a valid input: both or neither written)', async (_, status, kind, properties, words) => {
    const hs = createHubSpotEmulator();
    const valid = { contacts: { firstname: 'Ok' }, notes: { hs_timestamp: when }, tasks: { hs_timestamp: when } }[kind];
    const answer = await post(hs, HUBSPOT_PATHS.batchCreate(kind), { inputs: [{ properties: valid }, { properties }] });
    expect(answer.status).toBe(status);
    expect(answer.body.message ?? '').toMatch(words);
    expect(hs[kind].size).toBe(status === 201 ? 2 : 0);
  });

  it.each([
    [
      'batch/create',
      async (hs: Hub) => post(hs, HUBSPOT_PATHS.batchCreate('contacts'), { inputs: [{ properties: props('contacts', 'per_1') }] }),
    ],
    [
      'batch/update',
      async (hs: Hub) => {
        const other = hs.control.addContact({ firstname: 'Someone' });
        return post(hs, HUBSPOT_PATHS.batchUpdate('contacts'), { inputs: [{ id: other.id, properties: { [KEYS.contacts]: 'per_1' } }] });
      },
    ],
    [
      'batch/upsert keyed on email',
      async (hs: Hub) =>
        post(hs, HUBSPOT_PATHS.batchUpsert('contacts'), {
          inputs: [{ id: 'new@x.example', idProperty: 'email', properties: { [KEYS.contacts]: 'per_1' } }],
        }),
    ],
  ])('%s giving a unique value another record holds → 400 "already has that value"', async (_, write) => {
    const hs = await withKeys();
    const holder = hs.control.addContact({ [KEYS.contacts]: 'per_1' });
    const answer = await write(hs);
    expect([answer.status, answer.body.category]).toEqual([400, 'VALIDATION_ERROR']);
    expect(answer.body.message).toMatch(/already has that value crypto_directory_id/);
    expect(hs.live('contacts').filter((c) => c.properties[KEYS.contacts] === 'per_1')).toEqual([holder]);
  });

  it('two inputs of one batch with the same unique value → 400, nothing created', async () => {
    const hs = await withKeys();
    const answer = await post(hs, HUBSPOT_PATHS.batchCreate('notes'), {
      inputs: [{ properties: props('notes', 'k1') }, { properties: props('notes', 'k1') }],
    });
    expect(answer.status).toBe(400);
    expect(hs.notes.size).toBe(0);
  });

  it('an archived record no longer holds its unique value', async () => {
    const hs = await withKeys();
    const first = await post(hs, HUBSPOT_PATHS.batchCreate('notes'), { inputs: [{ properties: props('notes', 'k1') }] });
    expect((await post(hs, HUBSPOT_PATHS.batchArchive('notes'), { inputs: [{ id: first.body.results?.[0]?.id }] })).status).toBe(204);
    expect((await post(hs, HUBSPOT_PATHS.batchCreate('notes'), { inputs: [{ properties: props('notes', 'k1') }] })).status).toBe(201);
    expect([hs.notes.size, hs.live('notes').length]).toEqual([2, 1]);
  });

  it.each([
    ['the same email', 'mei@harborline.example'],
    ['the same email in another case', ' MEI@Harborline.example'],
  ])('a contact created with %s as another → 409 CONFLICT "Contact already exists"', async (_, email) => {
    const hs = createHubSpotEmulator();
    const mei = hs.control.addContact({ email: 'mei@harborline.example', hubspot_owner_id: hs.control.ownerId });
    const answer = await post(hs, HUBSPOT_PATHS.batchCreate('contacts'), {
      inputs: [{ properties: { firstname: 'Jonas' } }, { properties: { email } }],
    });
    expect([answer.status, answer.body.category, answer.body.message]).toEqual([
      409,
      'CONFLICT',
      `Contact already exists. Existing ID: ${mei.id}`,
    ]);
    expect(hs.contacts.size).toBe(1);
  });
});

describe('batch upsert (…/batch/upsert-{contacts,notes,tasks}): any resend lands on the same record', () => {
  it.each(['contacts', 'notes', 'tasks'] as const)('%s: upsert twice → one record; new: true, then new: false', async (kind) => {
    const hs = await withKeys();
    const first = await upsert(hs, kind, ['k1']);
    const second = await upsert(hs, kind, ['k1'], kind === 'contacts' ? { jobtitle: 'Head of BD' } : {});
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.results?.map((r) => r.new)).toEqual([true]);
    expect(second.body.results?.map((r) => [r.id, r.new])).toEqual([[first.body.results?.[0]?.id, false]]);
    expect(hs.live(kind)).toHaveLength(1);
    expect(hs.live(kind)[0]?.properties[KEYS[kind]]).toBe('k1');
  });

  it('results come in input order, created and updated mixed', async () => {
    const hs = await withKeys();
    await upsert(hs, 'tasks', ['k2']);
    const answer = await upsert(hs, 'tasks', ['k1', 'k2', 'k3']);
    expect(answer.body.results?.map((r) => [r.properties[KEYS.tasks], r.new])).toEqual([
      ['k1', true],
      ['k2', false],
      ['k3', true],
    ]);
  });

  it.each([
    ['email (contacts only)', 'contacts', 200, 'email'],
    ['a unique property', 'notes', 200, KEYS.notes],
    ['email on notes', 'notes', 400, 'email'],
    ['a property without unique values', 'contacts', 400, 'firstname'],
    ['hs_object_id', 'tasks', 400, 'hs_object_id'],
    ['none', 'contacts', 400, undefined],
  ] as const)('idProperty %s on %s → %d', async (_, kind, status, idProperty) => {
    const hs = await withKeys();
    const key = idProperty === 'email' ? 'mei@harborline.example' : 'k1';
    const answer = await post(hs, HUBSPOT_PATHS.batchUpsert(kind), {
      inputs: [{ id: key, idProperty, properties: kind === 'contacts' ? {} : { hs_timestamp: when } }],
    });
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.message).toMatch(/Unable to perform update\/upsert by non-unique 0-\d+ property/);
  });

  it('upsert by email finds the contact whatever the case, and keeps one', async () => {
    const hs = createHubSpotEmulator();
    const mei = hs.control.addContact({ email: 'mei@harborline.example', jobtitle: 'Head of BD' });
    const answer = await post(hs, HUBSPOT_PATHS.batchUpsert('contacts'), {
      inputs: [{ id: 'MEI@harborline.example', idProperty: 'email', properties: { twitterhandle: 'mei' } }],
    });
    expect(answer.body.results?.map((r) => [r.id, r.new])).toEqual([[mei.id, false]]);
    expect(hs.contacts.size).toBe(1);
  });

  it('the same id twice in one batch → 400, nothing written', async () => {
    const hs = await withKeys();
    const answer = await upsert(hs, 'notes', ['k1', 'k1']);
    expect([answer.status, answer.body.message]).toEqual([400, 'Duplicate IDs found in batch input: [k1]. IDs must be unique']);
    expect(hs.notes.size).toBe(0);
  });
});

describe('batch create, read, update, archive', () => {
  it.each([
    ['notes', 202, 201],
    ['tasks', 204, 201],
    ['notes', 204, 400],
    ['tasks', 202, 400],
  ] as const)('%s created with an association of type %d → %d; a created one carries the contact', async (kind, typeId, status) => {
    const hs = createHubSpotEmulator();
    const mei = hs.control.addContact({ firstname: 'Mei' });
    const answer = await post(hs, HUBSPOT_PATHS.batchCreate(kind), {
      inputs: [
        {
          properties: { hs_timestamp: when },
          associations: [{ to: { id: mei.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId }] }],
        },
      ],
    });
    expect(answer.status).toBe(status);
    expect([...hs[kind].values()].map((r) => r.contactIds)).toEqual(status === 400 ? [] : [[mei.id]]);
  });

  it('an association to a contact that does not exist → 400, nothing created', async () => {
    const hs = createHubSpotEmulator();
    const answer = await post(hs, HUBSPOT_PATHS.batchCreate('notes'), {
      inputs: [
        {
          properties: { hs_timestamp: when },
          associations: [{ to: { id: '999' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }],
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(hs.notes.size).toBe(0);
  });

  it.each(['contacts', 'tasks'] as const)(
    '%s: batch read by id and by idProperty; the ones not found → 207 with their ids',
    async (kind) => {
      const hs = await withKeys();
      const made = await upsert(hs, kind, ['k1', 'k2']);
      const [a, b] = made.body.results ?? [];
      const byId = await post(hs, HUBSPOT_PATHS.batchRead(kind), { inputs: [{ id: a?.id }, { id: b?.id }], properties: [KEYS[kind]] });
      expect([byId.status, byId.body.results?.map((r) => r.properties[KEYS[kind]])]).toEqual([200, ['k1', 'k2']]);
      const byKey = await post(hs, HUBSPOT_PATHS.batchRead(kind), {
        idProperty: KEYS[kind],
        inputs: [{ id: 'k2' }, { id: 'k9' }],
        properties: [],
      });
      expect(byKey.status).toBe(207);
      expect(byKey.body.results?.map((r) => r.id)).toEqual([b?.id]);
      expect(byKey.body.errors?.map((e) => [e.category, e.context.ids])).toEqual([['OBJECT_NOT_FOUND', ['k9']]]);
    },
  );

  it('batch read answers the named properties (null when unset) and HubSpot’s own', async () => {
    const hs = createHubSpotEmulator();
    const mei = hs.control.addContact({ firstname: 'Mei', jobtitle: 'Head of BD' });
    const answer = await post(hs, HUBSPOT_PATHS.batchRead('contacts'), { inputs: [{ id: mei.id }], properties: ['firstname', 'email'] });
    expect(Object.keys(answer.body.results?.[0]?.properties ?? {}).sort()).toEqual([
      'createdate',
      'email',
      'firstname',
      'hs_object_id',
      'lastmodifieddate',
    ]);
    expect(answer.body.results?.[0]?.properties.email).toBeNull();
  });

  it.each(['contacts', 'tasks'] as const)(
    '%s: batch update by id and by idProperty; a missing one → 207, the rest written',
    async (kind) => {
      const hs = await withKeys();
      const made = await upsert(hs, kind, ['k1', 'k2']);
      const [a] = made.body.results ?? [];
      const change = kind === 'contacts' ? { jobtitle: 'CEO' } : { hs_task_status: 'COMPLETED' };
      const answer = await post(hs, HUBSPOT_PATHS.batchUpdate(kind), {
        inputs: [
          { id: a?.id, properties: change },
          { id: 'k2', idProperty: KEYS[kind], properties: change },
          { id: '424242', properties: change },
        ],
      });
      expect(answer.status).toBe(207);
      expect(answer.body.errors?.map((e) => e.context.ids)).toEqual([['424242']]);
      const [field, value] = Object.entries(change)[0]!;
      expect(hs.live(kind).map((r) => r.properties[field])).toEqual([value, value]);
    },
  );

  it.each(['notes', 'tasks'] as const)('%s: batch archive → 204 No Content; kept and counted, gone from reads and search', async (kind) => {
    const hs = await withKeys();
    const made = await upsert(hs, kind, ['k1', 'k2']);
    const [a] = made.body.results ?? [];
    const archived = await hs.fetch(`${BASE}${HUBSPOT_PATHS.batchArchive(kind)}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer pat-test' },
      body: JSON.stringify({ inputs: [{ id: a?.id }, { id: 'no-such-id' }] }),
    });
    expect([archived.status, await archived.text()]).toEqual([204, '']);
    expect([hs[kind].size, hs.live(kind).length, hs[kind].get(a!.id)?.archived]).toEqual([2, 1, true]);
    expect(await searchIds(hs, kind, [{ filters: [filter(KEYS[kind], 'HAS_PROPERTY')] }])).toHaveLength(1);
    if (kind === 'tasks')
      expect((await post(hs, HUBSPOT_PATHS.batchRead('tasks'), { inputs: [{ id: a?.id }], properties: [] })).status).toBe(207);
  });
});

describe('associations v4: POST …/batch/associate/default (create-associations)', () => {
  it.each([
    ['notes', 'contacts', 202],
    ['tasks', 'contacts', 204],
  ] as const)('%s → %s: added once however often it is sent, type %d', async (from, to, typeId) => {
    const hs = createHubSpotEmulator();
    const mei = hs.control.addContact({ firstname: 'Mei' });
    const activity = from === 'notes' ? hs.control.addNote({ hs_timestamp: when }) : hs.control.addTask({ hs_timestamp: when });
    for (let i = 0; i < 2; i++) {
      const answer = await post(hs, HUBSPOT_PATHS.associateDefault(from, to), {
        inputs: [{ from: { id: activity.id }, to: { id: mei.id } }],
      });
      expect(answer.status).toBe(200);
      expect(answer.body.results).toEqual([
        {
          from: { id: activity.id },
          to: { id: mei.id },
          associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
        },
      ]);
    }
    expect(activity.contactIds).toEqual([mei.id]);
  });

  it('contacts → companies, and a record that does not exist is listed in errors', async () => {
    const hs = createHubSpotEmulator();
    const mei = hs.control.addContact({ firstname: 'Mei' });
    const harborline = hs.control.addCompany({ domain: 'harborline.example' });
    const answer = await post(hs, HUBSPOT_PATHS.associateDefault('contacts', 'companies'), {
      inputs: [
        { from: { id: mei.id }, to: { id: harborline.id } },
        { from: { id: mei.id }, to: { id: '999' } },
      ],
    });
    expect(answer.body.results).toHaveLength(1);
    expect(answer.body.errors?.[0]?.context.ids).toEqual(['999']);
    expect([...(hs.associations.get(mei.id) ?? [])]).toEqual([harborline.id]);
  });
});

describe('search (search/guide; …/search/search-{contacts,companies,notes,tasks})', () => {
  async function people() {
    const hs = createHubSpotEmulator({ searchPerSecond: 1_000 });
    hs.contactProperties.add('linkedin_url');
    const ids = {
      mei: hs.control.addContact({
        firstname: 'Mei',
        lastname: 'Tanaka',
        company: 'Harborline',
        email: 'mei@harborline.example',
        hs_lead_status: 'IN_PROGRESS',
      }).id,
      mei2: hs.control.addContact({ firstname: 'Mei', lastname: 'Tanaka', company: 'Other Chain', jobtitle: 'Head of BD' }).id,
      jonas: hs.control.addContact({
        firstname: 'Jonas',
        lastname: 'Berg',
        linkedin_url: 'https://www.linkedin.com/in/jonas',
        hs_lead_status: 'NEW',
      }).id,
    };
    return { hs, ids };
  }

  it.each([
    [
      'first + last name + company, AND in a group',
      [[filter('firstname', 'EQ', 'mei'), filter('lastname', 'EQ', 'TANAKA'), filter('company', 'EQ', 'harborline')]],
      ['mei'],
    ],
    [
      'groups are OR’ed',
      [[filter('email', 'EQ', 'mei@harborline.example')], [filter('linkedin_url', 'EQ', 'https://www.linkedin.com/in/jonas')]],
      ['mei', 'jonas'],
    ],
    ['EQ on a string: any case', [[filter('email', 'EQ', 'MEI@Harborline.EXAMPLE')]], ['mei']],
    ['EQ on an enumeration: case-sensitive', [[filter('hs_lead_status', 'EQ', 'in_progress')]], []],
    ['EQ on an enumeration, exact', [[filter('hs_lead_status', 'EQ', 'IN_PROGRESS')]], ['mei']],
    ['IN on a string: lower-case values match', [[filter('email', 'IN', ['mei@harborline.example', 'x@y.example'])]], ['mei']],
    ['IN on a string: an upper-case value never matches', [[filter('email', 'IN', ['MEI@harborline.example'])]], []],
    ['IN on an enumeration', [[filter('hs_lead_status', 'IN', ['NEW', 'OPEN'])]], ['jonas']],
    ['NEQ', [[filter('firstname', 'NEQ', 'mei')]], ['jonas']],
    ['HAS_PROPERTY', [[filter('jobtitle', 'HAS_PROPERTY')]], ['mei2']],
    ['NOT_HAS_PROPERTY', [[filter('email', 'NOT_HAS_PROPERTY')]], ['mei2', 'jonas']],
    ['CONTAINS_TOKEN: a word, any case', [[filter('company', 'CONTAINS_TOKEN', 'chain')]], ['mei2']],
    ['CONTAINS_TOKEN: a wildcard', [[filter('email', 'CONTAINS_TOKEN', '*@harborline.example')]], ['mei']],
    ['CONTAINS_TOKEN: part of a word is no token', [[filter('company', 'CONTAINS_TOKEN', 'harbor')]], []],
  ])('%s', async (_, groups, expected) => {
    const { hs, ids } = await people();
    const found = await searchIds(
      hs,
      'contacts',
      groups.map((filters) => ({ filters })),
    );
    expect(found).toEqual(expected.map((k) => ids[k as keyof typeof ids]));
  });

  const group = (n: number) => ({ filters: Array.from({ length: n }, () => filter('firstname', 'HAS_PROPERTY')) });
  it.each([
    ['5 groups', 200, [1, 1, 1, 1, 1]],
    ['6 groups', 400, [1, 1, 1, 1, 1, 1]],
    ['6 filters in a group', 200, [6]],
    ['7 filters in a group', 400, [7]],
    ['18 filters in all', 200, [6, 6, 6]],
    ['19 filters in all', 400, [6, 6, 6, 1]],
  ])('limits (5 groups, 6 a group, 18 in all): %s → %d', async (_, status, sizes) => {
    const answer = await post(createHubSpotEmulator(), HUBSPOT_PATHS.search('contacts'), { filterGroups: sizes.map(group) });
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.category).toBe('VALIDATION_ERROR');
    expect(SEARCH_LIMITS).toMatchObject({ groups: 5, filtersPerGroup: 6, filters: 18 });
  });

  it.each([
    ['contacts', 'linkedin_url', 400],
    ['contacts', 'crypto_directory_id', 400],
    ['notes', KEYS.notes, 400],
    ['tasks', 'hs_task_subject', 200],
    ['notes', 'associations.contact', 200],
    ['companies', 'anything_at_all', 200],
  ] as const)('%s: a filter on %s → %d (a property that does not exist is refused)', async (kind, propertyName, status) => {
    const answer = await post(createHubSpotEmulator(), HUBSPOT_PATHS.search(kind), {
      filterGroups: [{ filters: [filter(propertyName, 'EQ', '1')] }],
    });
    expect(answer.status).toBe(status);
  });

  it.each([
    [200, 200],
    [201, 400],
  ])('limit %d → %d (200 a page at most)', async (limit, status) => {
    expect((await post(createHubSpotEmulator(), HUBSPOT_PATHS.search('contacts'), { limit })).status).toBe(status);
  });

  it('a body over 3,000 characters → 400', async () => {
    const values = Array.from({ length: 100 }, (_, i) => `someone-${i}@harborline.example`);
    const answer = await post(createHubSpotEmulator(), HUBSPOT_PATHS.search('contacts'), {
      filterGroups: [{ filters: [filter('email', 'IN', values)] }],
    });
    expect(answer.status).toBe(400);
  });

  it('properties select what comes back; without them, the defaults; pages follow `after`', async () => {
    const { hs, ids } = await people();
    const named = await post(hs, HUBSPOT_PATHS.search('contacts'), { properties: ['company'], limit: 2 });
    expect(named.body.total).toBe(3);
    expect(named.body.results?.map((r) => r.id)).toEqual([ids.mei, ids.mei2]);
    expect(Object.keys(named.body.results?.[0]?.properties ?? {}).sort()).toEqual([
      'company',
      'createdate',
      'hs_object_id',
      'lastmodifieddate',
    ]);
    const next = await post(hs, HUBSPOT_PATHS.search('contacts'), { after: named.body.paging?.next.after, limit: 2 });
    expect([next.body.results?.map((r) => r.id), next.body.paging]).toEqual([[ids.jonas], undefined]);
    expect(Object.keys(next.body.results?.[0]?.properties ?? {}).sort()).toEqual([
      'createdate',
      'email',
      'firstname',
      'hs_object_id',
      'lastmodifieddate',
      'lastname',
    ]);
  });

  it('notes and tasks are found by their contact (associations.contact) and by their key', async () => {
    const hs = await withKeys();
    const mei = hs.control.addContact({ firstname: 'Mei' });
    const note = hs.control.addNote({ hs_timestamp: when, [KEYS.notes]: 'per_1:n1' }, [mei.id]);
    hs.control.addNote({ hs_timestamp: when, [KEYS.notes]: 'per_2:n1' });
    expect(await searchIds(hs, 'notes', [{ filters: [filter('associations.contact', 'EQ', mei.id)] }])).toEqual([note.id]);
    expect(await searchIds(hs, 'notes', [{ filters: [filter(KEYS.notes, 'EQ', 'per_1:n1')] }])).toEqual([note.id]);
  });

  it('the search endpoints have their own per-second limit', async () => {
    const hs = createHubSpotEmulator({ now: () => 1_000_000 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(hs, HUBSPOT_PATHS.search('companies'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('search lags writes (search/guide, "Limits": new and updated objects take a few moments)', () => {
  const LAG = 5_000;
  async function lagging() {
    let t = 1_000_000;
    const hs = await withKeys({ now: () => t, searchLagMs: LAG });
    return { hs, at: (ms: number) => (t = 1_000_000 + ms) };
  }

  it.each([
    [0, 0],
    [LAG - 1, 0],
    [LAG, 1],
    [LAG + 60_000, 1],
  ])('a record created at 0 is found at %d ms: %d', async (ms, count) => {
    const { hs, at } = await lagging();
    await upsert(hs, 'contacts', ['per_1']);
    at(ms);
    expect(await searchIds(hs, 'contacts', [{ filters: [filter(KEYS.contacts, 'EQ', 'per_1')] }])).toHaveLength(count);
  });

  it('an update is searched on its previous values until the lag has passed', async () => {
    const { hs, at } = await lagging();
    const mei = hs.control.addContact({ firstname: 'Mei', jobtitle: 'BD' });
    at(10_000);
    await post(hs, HUBSPOT_PATHS.batchUpdate('contacts'), { inputs: [{ id: mei.id, properties: { jobtitle: 'Head of BD' } }] });
    at(10_000 + LAG - 1);
    expect(await searchIds(hs, 'contacts', [{ filters: [filter('jobtitle', 'EQ', 'Head of BD')] }])).toEqual([]);
    const stale = await post(hs, HUBSPOT_PATHS.search('contacts'), {
      filterGroups: [{ filters: [filter('jobtitle', 'EQ', 'BD')] }],
      properties: ['jobtitle'],
    });
    expect(stale.body.results?.map((r) => r.properties.jobtitle)).toEqual(['BD']);
    at(10_000 + LAG);
    expect(await searchIds(hs, 'contacts', [{ filters: [filter('jobtitle', 'EQ', 'Head of BD')] }])).toEqual([mei.id]);
  });

  it('an archive is seen by search only after the lag; reads see it at once', async () => {
    const { hs, at } = await lagging();
    const note = hs.control.addNote({ hs_timestamp: when, [KEYS.notes]: 'k1' });
    await post(hs, HUBSPOT_PATHS.batchArchive('notes'), { inputs: [{ id: note.id }] });
    expect(await searchIds(hs, 'notes', [{ filters: [filter(KEYS.notes, 'EQ', 'k1')] }])).toEqual([note.id]);
    expect(hs.live('notes')).toEqual([]);
    at(LAG);
    expect(await searchIds(hs, 'notes', [{ filters: [filter(KEYS.notes, 'EQ', 'k1')] }])).toEqual([]);
  });

  it('control.setSearchLag: a teammate’s contact (already there) is found at once; ours only after the lag', async () => {
    let t = 0;
    const hs = createHubSpotEmulator({ now: () => t, searchPerSecond: 1_000 });
    hs.control.setSearchLag(2_000);
    hs.control.addContact({ firstname: 'Mei' });
    await post(hs, HUBSPOT_PATHS.batchCreate('contacts'), { inputs: [{ properties: { firstname: 'Mei' } }] });
    expect(await searchIds(hs, 'contacts', [{ filters: [filter('firstname', 'EQ', 'Mei')] }])).toHaveLength(1);
    t = 2_000;
    expect(await searchIds(hs, 'contacts', [{ filters: [filter('firstname', 'EQ', 'Mei')] }])).toHaveLength(2);
  });
});

describe('owners (legacy/crm/owners/v3)', () => {
  it('two owners, Mia Owner (control.ownerId) and Jonas Berg', async () => {
    const hs = createHubSpotEmulator();
    const answer = await call(hs, 'GET', HUBSPOT_PATHS.owners);
    const owners = answer.body.results as unknown as { id: string; firstName: string; lastName: string }[];
    expect(owners.map((o) => [o.id, `${o.firstName} ${o.lastName}`])).toEqual([
      [hs.control.ownerId, 'Mia Owner'],
      [hs.control.secondOwnerId, 'Jonas Berg'],
    ]);
  });

  it('without crm.objects.owners.read → 403 MISSING_SCOPES', async () => {
    const hs = createHubSpotEmulator();
    hs.control.addToken(
      'no-owners',
      FULL_SCOPES.filter((s) => s !== 'crm.objects.owners.read'),
    );
    expect((await call(hs, 'GET', HUBSPOT_PATHS.owners, undefined, 'no-owners')).status).toBe(403);
  });
});

describe('faults', () => {
  it.each([
    ['a contact create', HUBSPOT_PATHS.batchCreate('contacts'), { inputs: [{ properties: { firstname: 'Mei' } }] }],
    [
      'a note upsert',
      HUBSPOT_PATHS.batchUpsert('notes'),
      { inputs: [{ id: 'k1', idProperty: KEYS.notes, properties: { hs_timestamp: when } }] },
    ],
  ])('loseAnswerNext: %s is done, its answer lost (Failed to fetch); the next answer arrives', async (_, path, body) => {
    const hs = await withKeys();
    const kind = path.includes('/notes/') ? 'notes' : 'contacts';
    hs.control.loseAnswerNext(1, path);
    await expect(post(hs, path, body)).rejects.toThrow(new TypeError('Failed to fetch'));
    expect(hs.live(kind)).toHaveLength(1);
    expect(hs.log.at(-1)).toMatchObject({ path, lost: true });
    expect((await post(hs, path, body)).status).toBeLessThan(300);
  });

  it('loseAnswerNext without a path takes the next requests, whatever they are; others pass', async () => {
    const hs = createHubSpotEmulator();
    hs.control.loseAnswerNext(2);
    await expect(call(hs, 'GET', HUBSPOT_PATHS.owners)).rejects.toThrow('Failed to fetch');
    await expect(call(hs, 'GET', HUBSPOT_PATHS.accountDetails)).rejects.toThrow('Failed to fetch');
    expect((await call(hs, 'GET', HUBSPOT_PATHS.owners)).status).toBe(200);
  });

  it.each([
    [
      'batch/create: the resend makes a second note',
      HUBSPOT_PATHS.batchCreate('notes'),
      { inputs: [{ properties: { hs_timestamp: when } }] },
      2,
    ],
    [
      'batch/upsert: the resend lands on the same note',
      HUBSPOT_PATHS.batchUpsert('notes'),
      { inputs: [{ id: 'k1', idProperty: KEYS.notes, properties: { hs_timestamp: when } }] },
      1,
    ],
  ])('resendNext, %s', async (_, path, body, notes) => {
    const hs = await withKeys();
    hs.control.resendNext(path);
    const answer = await post(hs, path, body);
    expect(answer.status).toBeLessThan(300);
    expect(hs.count(path)).toBe(2);
    expect(hs.live('notes')).toHaveLength(notes);
    // The answer returned is the second one's.
    expect(answer.body.results?.[0]?.id).toBe([...hs.notes.keys()].at(-1));
  });

  it.each([
    ['rateLimitNext', (hs: Hub) => hs.control.rateLimitNext(1, 3), 429],
    ['serverErrorNext', (hs: Hub) => hs.control.serverErrorNext(1), 502],
    ['htmlNext', (hs: Hub) => hs.control.htmlNext(1), 200],
    ['revoke', (hs: Hub) => hs.control.revoke('pat-test'), 401],
  ])('%s still answers as before', async (_, arm, status) => {
    const hs = createHubSpotEmulator();
    arm(hs);
    const res = await hs.fetch(`${BASE}${HUBSPOT_PATHS.accountDetails}`, { method: 'GET', headers: { Authorization: 'Bearer pat-test' } });
    expect(res.status).toBe(status);
    if (status === 429) expect(res.headers.get('Retry-After')).toBe('3');
  });

  describe('over HTTP (server.ts)', () => {
    let running: RunningHubSpot | null = null;
    afterEach(async () => {
      await running?.close();
      running = null;
    });

    it('a lost answer closes the socket before any byte; the contact was created', async () => {
      running = await startHubSpotServer();
      const path = HUBSPOT_PATHS.batchCreate('contacts');
      const send = () =>
        fetch(`${running!.baseUrl}${path}`, {
          method: 'POST',
          headers: { Authorization: 'Bearer pat-test', 'Content-Type': 'application/json', Connection: 'close' },
          body: JSON.stringify({ inputs: [{ properties: { firstname: 'Mei' } }] }),
        });
      running.hubspot.control.loseAnswerNext(1, path);
      await expect(send()).rejects.toThrow(TypeError);
      expect(running.hubspot.live('contacts')).toHaveLength(1);
      expect((await send()).status).toBe(201);
      expect(running.hubspot.live('contacts')).toHaveLength(2);
    });
  });
});

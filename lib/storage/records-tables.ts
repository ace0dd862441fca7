/*
 * The records database's typed tables (v2): one per kind of paid record, each row the record with its
 * owner's fields as primary key (a reveal is `[accountId+personId]`), so a page or a clear asks the table
 * ("this account's reveals"), not a key prefix. The other `idb` families (a few small values) stay in `kv`.
 * The worker still speaks keys (so its stores run over memory in tests): each table declares here how a
 * key becomes its row and back.
 */
import { Dexie, type Table, type Transaction } from 'dexie';
import { STORAGE_FAMILIES } from './keys';

export interface KvRow {
  key: string;
  value: unknown;
}

/** Each table's rows by their primary key and indexes; the full record is its owner's type, in a layer above this one. */
export type RecordsTables = {
  kv: Table<KvRow, string>;
  cache: Table<{ accountId: string; key: string; expiresAt: number }, [string, string]>;
  known: Table<{ accountId: string; id: string; expiresAt: number }, [string, string]>;
  reveals: Table<{ accountId: string; personId: string; at: number }, [string, string]>;
  ledger: Table<{ id: string; at: number; creditsCharged: number }, string>;
  journal: Table<{ id: string; at: number }, string>;
};
type TypedTable = Exclude<keyof RecordsTables, 'kv'>;

/** Stores per version (Dexie's syntax: the primary key first). Append-only, as in lib/leads/lead-db.ts. */
export const RECORDS_DB_VERSIONS = {
  1: { kv: '&key' },
  2: {
    kv: '&key',
    cache: '[accountId+key]',
    known: '[accountId+id]',
    reveals: '[accountId+personId], at',
    ledger: 'id',
    journal: 'id',
  },
} as const;

type Pk = string | [string, string];

/** How one family's keys map to its table's rows: `rest` is the key after the family's prefix. */
interface TableCodec {
  prefix: string;
  /** The primary key of the row a key names, or null when the key is not one this table can hold. */
  pk(rest: string): Pk | null;
  /** The key of a primary key (the inverse of `pk`). */
  key(pk: Pk): string;
  toRow(pk: Pk, value: unknown): object;
  /** The primary key of a stored row. */
  pkOf(row: Record<string, unknown>): Pk;
  fromRow(row: object): unknown;
}

/**
 * A per-account family's table: `<acct>:<tail>` (`<acct>` URI-encoded, so it holds no ':') is the row's
 * `[accountId, <field>]`. `record`: the stored value is a record that names both itself (a reveal: its
 * tail, the person id, is URI-encoded too), so the row is the value as written.
 */
function perAccount(prefix: string, field: string, record = false): TableCodec {
  const code = record ? encodeURIComponent : (t: string) => t;
  const decode = record ? decodeURIComponent : (t: string) => t;
  return {
    prefix,
    pk: (rest) => {
      const at = rest.indexOf(':');
      return at <= 0 ? null : [decodeURIComponent(rest.slice(0, at)), decode(rest.slice(at + 1))];
    },
    key: (pk) => `${encodeURIComponent(pk[0])}:${code(pk[1])}`,
    toRow: (pk, value) => ({ ...(value as object), accountId: pk[0], [field]: pk[1] }),
    pkOf: (row) => [row.accountId as string, row[field] as string],
    fromRow: (row) => (record ? row : without(row, 'accountId', field)),
  };
}

/** A table keyed by the rest of the key, as `id` (`record`: the value already carries it, as a journal entry does). */
function byId(prefix: string, record = false): TableCodec {
  return {
    prefix,
    pk: (rest) => rest || null,
    key: (pk) => pk as string,
    toRow: (id, value) => ({ ...(value as object), id }),
    pkOf: (row) => row.id as string,
    fromRow: (row) => (record ? row : without(row, 'id')),
  };
}

/** A row without the fields its primary key adds (what the store wrote). */
function without(row: object, ...fields: string[]) {
  const copy: Record<string, unknown> = { ...row };
  for (const f of fields) delete copy[f];
  return copy;
}

const TABLE_CODECS: Record<TypedTable, TableCodec> = {
  cache: perAccount(STORAGE_FAMILIES.cache.prefix, 'key'),
  known: perAccount(STORAGE_FAMILIES.known.prefix, 'id'),
  reveals: perAccount(STORAGE_FAMILIES.reveal.prefix, 'personId', true),
  ledger: byId(STORAGE_FAMILIES.ledger.prefix),
  journal: byId(STORAGE_FAMILIES.journal.prefix, true),
};
const TYPED = Object.entries(TABLE_CODECS) as Array<[TypedTable, TableCodec]>;

/** Where a key of the records database lives: a typed table and its row's primary key, else `kv` under the key. */
export function routeKey(key: string): { table: TypedTable; pk: Pk } | { table: 'kv'; pk: string } {
  for (const [table, codec] of TYPED) {
    if (!key.startsWith(codec.prefix)) continue;
    const pk = codec.pk(key.slice(codec.prefix.length));
    if (pk !== null) return { table, pk };
  }
  return { table: 'kv', pk: key };
}

/** The full key of a typed table's row (as the stores name it). */
export const keyOfRow = (table: TypedTable, pk: Pk): string => TABLE_CODECS[table].prefix + TABLE_CODECS[table].key(pk);

/** The full key of a stored row of any table. */
export const keyOfStoredRow = (table: keyof RecordsTables, row: object): string =>
  table === 'kv' ? (row as KvRow).key : keyOfRow(table, TABLE_CODECS[table].pkOf(row as Record<string, unknown>));

/** The row a key and its value are stored as (`kv`: `{ key, value }`). */
export function rowOf(key: string, value: unknown): { table: keyof RecordsTables; row: object } {
  const at = routeKey(key);
  return at.table === 'kv' ? { table: 'kv', row: { key, value } } : { table: at.table, row: TABLE_CODECS[at.table].toRow(at.pk, value) };
}

/** The value a row holds (what the store wrote under its key). */
export const valueOfRow = (table: keyof RecordsTables, row: object): unknown =>
  table === 'kv' ? (row as KvRow).value : TABLE_CODECS[table].fromRow(row);

/**
 * The tables a key prefix spans, each with the primary-key range to read: one account's part of a
 * per-account table for `cache:<acct>:`, else the whole table (the caller keeps the keys under the prefix).
 */
export function tablesUnder(prefix: string): Array<{ table: keyof RecordsTables; range?: [Pk, Pk] }> {
  const out: Array<{ table: keyof RecordsTables; range?: [Pk, Pk] }> = [];
  for (const [table, codec] of TYPED) {
    if (codec.prefix.startsWith(prefix)) out.push({ table });
    else if (prefix.startsWith(codec.prefix)) {
      // `cache:<acct>:` names one account's rows (a per-account key with an empty tail).
      const account = codec.pk(prefix.slice(codec.prefix.length));
      const one = Array.isArray(account) && account[1] === '' ? account[0] : null;
      const edge = (key: unknown): Pk => [one!, key as string];
      out.push(one === null ? { table } : { table, range: [edge(Dexie.minKey), edge(Dexie.maxKey)] });
    }
  }
  // kv holds every other family (and, after v2's move, nothing of the typed ones).
  out.push({ table: 'kv' });
  return out;
}

/**
 * v2's one-time move: every `kv` row of a typed family becomes a row of its table, then leaves `kv`. It
 * runs inside Dexie's upgrade transaction, so it is all or nothing: a move cut short (the browser closed,
 * a write failed) leaves the database at v1 with every row where it was, and the next open moves again.
 */
export async function moveKvToTables(tx: Transaction): Promise<void> {
  for (const [table, codec] of TYPED) {
    const rows = (await tx.table('kv').where('key').startsWith(codec.prefix).toArray()) as KvRow[];
    const moving = rows.map((r) => ({ r, at: routeKey(r.key) })).filter(({ at }) => at.table === table);
    await tx.table(table).bulkPut(moving.map(({ r, at }) => codec.toRow(at.pk, r.value)));
    await tx.table('kv').bulkDelete(moving.map(({ r }) => r.key));
  }
}

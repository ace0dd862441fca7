/*
 * The records database as an extension page reads it (liveQuery / useLiveQuery): read only, every write is
 * the worker's. Never imported by a content script (its origin could not open this database anyway).
 */
import { openRecordsDb, type RecordsDb } from './idb-kv-store';

let db: RecordsDb | null = null;
/** This page's connection (opened on first use). */
export const pageDb = (): RecordsDb => (db ??= openRecordsDb());

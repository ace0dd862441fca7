/*
 * The records database (./idb-kv-store.ts) as an extension page reads it: the worker writes, a page
 * reads a table and is told when another context wrote (Dexie's liveQuery; in React, dexie-react-hooks'
 * useLiveQuery over the same reads). Read only: every write goes through the worker's stores. Never
 * imported by a content script (it runs in the web page's origin and could not open this database anyway).
 */
import { openRecordsDb, type RecordsDb } from './idb-kv-store';

let db: RecordsDb | null = null;
/** This page's connection (opened on first use). */
export const pageDb = (): RecordsDb => (db ??= openRecordsDb());

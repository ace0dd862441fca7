/*
 * The leads database as an extension page opens it (the Leads page, the panel, the popup, the options
 * page): one LeadStore per page, and a React hook that re-reads a query whenever any context (another
 * page, the worker) changes the leads (Dexie's liveQuery). Never imported by a content script: they run
 * in the web page's origin and could not open this database anyway.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { openLeadDb } from './lead-db';
import { LeadStore } from './lead-store';

let store: LeadStore | null = null;

/** This page's LeadStore (opened on first use). */
export function pageLeads(): LeadStore {
  store ??= new LeadStore(openLeadDb());
  return store;
}

/**
 * The query's answer, kept current: undefined until the first read. `key` names what the query depends
 * on (it runs again when the key changes). A failed read (storage blocked) leaves the last answer.
 * `store`: another LeadStore than this page's (a page test's fake-indexeddb one).
 */
export function useLeadsQuery<T>(query: (leads: LeadStore) => Promise<T>, key: string, store?: LeadStore): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    const leads = store ?? pageLeads();
    const subscription = liveQuery(() => query(leads)).subscribe({ next: setValue, error: () => undefined });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for what `query` reads
  }, [key, store]);
  return value;
}

/** "Saved · Contacted": the lead status of each of these people that is a lead. */
export function useLeadStatuses(personIds: readonly string[]) {
  const ids = [...new Set(personIds)].sort();
  return useLeadsQuery((leads) => leads.statuses(ids), ids.join('\n')) ?? new Map();
}

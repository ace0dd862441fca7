/*
 * The leads database as an extension page opens it: one LeadStore per page, and a hook that re-reads a
 * query whenever any context changes the leads (useLiveQuery). Never imported by a content script (it
 * runs in the web page's origin and could not open this database anyway).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import { openLeadDb } from './lead-db';
import { LeadStore, type TagChoices } from './lead-store';
import type { LeadStatus } from './lead';

let store: LeadStore | null = null;

/** This page's LeadStore (opened on first use). */
export function pageLeads(): LeadStore {
  store ??= new LeadStore(openLeadDb());
  return store;
}

/**
 * The query's answer, kept current (undefined until the first read); it runs again when `key` changes; a
 * null query reads nothing, a failed read keeps the last answer, and an answer `same` as the last keeps the
 * last (no render). `store`: another LeadStore than this page's (a page test's).
 */
export function useLeadsQuery<T>(
  query: ((leads: LeadStore) => Promise<T>) | null,
  key: string,
  store?: LeadStore,
  same?: (a: T, b: T) => boolean,
): T | undefined {
  const last = useRef<T | undefined>(undefined);
  // The query answers the last value when it reads nothing, fails, or reads the same: useLiveQuery then
  // neither renders again nor throws the error into the page.
  return useLiveQuery(async () => {
    if (!query) return last.current;
    try {
      const next = await query(store ?? pageLeads());
      if (last.current === undefined || !same?.(last.current, next)) last.current = next;
    } catch {
      // storage blocked: keep the last answer
    }
    return last.current;
  }, [key, store]);
}

const NO_STATUSES = new Map<string, LeadStatus>();

/** "Saved · Contacted": the lead status of each of these people that is a lead. */
export function useLeadStatuses(personIds: readonly string[]): Map<string, LeadStatus> {
  const ids = [...new Set(personIds)].sort();
  // Nobody in view (the panel while a card is looked up): no read at all. It would share the extension's
  // IndexedDB with the worker's journal write on the paid path.
  const statuses = useLeadsQuery(ids.length ? (leads) => leads.statuses(ids) : null, ids.join('\n'), undefined, sameStatuses);
  return ids.length && statuses ? statuses : NO_STATUSES;
}

function sameStatuses(a: ReadonlyMap<string, LeadStatus>, b: ReadonlyMap<string, LeadStatus>): boolean {
  return a.size === b.size && [...a].every(([id, status]) => b.get(id) === status);
}

/** What a "Tag" beside "Save as leads" offers, kept current; `enabled` false (no list shown): no read. */
export function useTagChoices(enabled = true): TagChoices | undefined {
  return useLeadsQuery(enabled ? (leads) => leads.tagChoices() : null, `tags:${enabled}`, undefined, sameChoices);
}

const sameChoices = (a: TagChoices, b: TagChoices): boolean => a.last === b.last && a.tags.join('\n') === b.tags.join('\n');

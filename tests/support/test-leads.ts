import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openLeadDb } from '@/lib/leads/lead-db';
import { LeadStore } from '@/lib/leads/lead-store';

/** A leads store on its own fresh fake IndexedDB (the real Dexie adapter, in Node). */
export function testLeadStore(now?: () => number): LeadStore {
  return new LeadStore(openLeadDb({ indexedDB: new IDBFactory(), IDBKeyRange }), now);
}

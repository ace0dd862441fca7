import type { Investor, Person, Project } from '@/lib/api';
import type { OrganizationList } from '@/lib/prospect/prospect-query';

/** Bounds per account: a rep pages through a few thousand records at most in one worker's life. */
const MAX_PEOPLE = 5_000;
const MAX_ORGANIZATIONS = 2_000;

/** A company, fund or service-provider row. */
type Organization = Project | Investor;

interface AccountRecords {
  people: Map<string, Person>;
  organizations: Map<string, { record: Organization; list: OrganizationList }>;
}

/** Keeps `key` as the newest entry and drops the oldest beyond `max` (Map order is insertion order). */
function keep<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

/**
 * The worker's own copy of the live answers it handed to a page (popup search rows, prospect list rows, loaded
 * teams), per account: what "Save … as lead", "Save as leads" and "Load team" act on, so a page names a record by
 * id and never sends one (a sample row sent back would become a lead). Samples never enter. In memory: after a
 * worker restart the knowledge index (same records, the cache's lifetime) answers instead.
 */
export class LiveRecords {
  private readonly accounts = new Map<string, AccountRecords>();

  private of(accountId: string): AccountRecords {
    let records = this.accounts.get(accountId);
    if (!records) this.accounts.set(accountId, (records = { people: new Map(), organizations: new Map() }));
    return records;
  }

  keepPeople(accountId: string, people: readonly Person[]): void {
    const { people: kept } = this.of(accountId);
    for (const p of people) keep(kept, p.id, p, MAX_PEOPLE);
  }

  keepOrganizations(accountId: string, list: OrganizationList, organizations: readonly Organization[]): void {
    const { organizations: kept } = this.of(accountId);
    for (const record of organizations) keep(kept, record.id, { record, list }, MAX_ORGANIZATIONS);
  }

  person(accountId: string, id: string): Person | undefined {
    return this.accounts.get(accountId)?.people.get(id);
  }

  organization(accountId: string, id: string): { record: Organization; list: OrganizationList } | undefined {
    return this.accounts.get(accountId)?.organizations.get(id);
  }

  /** The key was removed or another account took over (not "Clear cache": a row on screen can still be saved). */
  clear(accountId: string): void {
    this.accounts.delete(accountId);
  }
}

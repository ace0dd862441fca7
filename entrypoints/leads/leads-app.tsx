/*
 * The Leads page's wiring: the leads read once (a live query: any page or the worker changing a lead
 * redraws it), searched, filtered and sorted in memory (lib/leads/lead-query.ts), the revealed channels
 * from the worker's one reveal store, and what each action writes or sends. Everything drawn is
 * presentational (components/leads). The store and the clock come in as props so a page test runs it
 * on a fake IndexedDB.
 */
import { creditsLabel } from '@/lib/messages/texts';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { BackupControls } from '@/components/leads/backup-controls';
import { contactsFromLeads } from '@/lib/leads/export/contact';
import { recordIds } from '@/lib/crm/crm-links';
import { exportContacts, type EXPORT_KINDS } from '@/lib/leads/export/export';
import { ExportMenu } from '@/components/leads/export-menu';
import { ActionStatus, type ActionMessage } from '@/components/leads/action-status';
import { LeadDetail } from '@/components/leads/lead-detail';
import { leadsCountText, leadsLabel } from '@/components/leads/lead-text';
import { LeadsEmpty } from '@/components/leads/leads-empty';
import { LeadsFilters } from '@/components/leads/leads-filters';
import { COMPACT_LEADS_QUERY, LeadsTable, OPEN_LEAD_ATTRIBUTE } from '@/components/leads/leads-table';
import { SelectionActions } from '@/components/leads/selection-actions';
import { HubSpotSendButton, HubSpotSendDialog } from '@/components/leads/hubspot-send';
import type { CrmRowText } from '@/components/leads/leads-table';
import { useHubSpotMarks } from '@/hooks/use-hubspot-marks';
import { useHubSpotSend } from '@/hooks/use-hubspot-send';
import { IN_HUBSPOT, linkText, markDetail } from '@/lib/crm/crm-text';
import { downloadText } from '@/components/shared/download-file';
import { useAllLeads } from '@/hooks/use-all-leads';
import { useLeadWork } from '@/hooks/use-lead-work';
import { changeText, NOTE_ADDED } from '@/components/shared/lead-change-text';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useHeight } from '@/hooks/use-height';
import { useMeter } from '@/hooks/use-meter';
import { useReveals } from '@/hooks/use-reveals';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { dayKey } from '@/lib/credits/day-key';
import { statusLabel, type Lead, type LeadStatus } from '@/lib/leads/lead';
import { readBackup, restoredText } from '@/lib/leads/lead-backup';
import { sharedCosts } from '@/lib/leads/lead-costs';
import { backedUpMessage, leadsBackupFile } from '@/lib/leads/backup-file';
import {
  filterFromSearch,
  filterLeads,
  indexLeads,
  leadTags,
  sortLeads,
  type IndexedLead,
  type LeadFilter,
  type LeadSort,
} from '@/lib/leads/lead-query';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import type { LeadPatch, LeadStore, RemovedLead } from '@/lib/leads/lead-store';
import { answerEdit, dropEdits, settledEdits, startEdit, withEdits, type PendingEdits } from '@/lib/leads/pending-edits';
import { pageLeads, useLeadsQuery } from '@/lib/leads/page-leads';
import { sendMessage } from '@/lib/messaging/protocol';
import { FIND_PROSPECTS, openProspectPage } from '@/lib/prospect/prospect-page';
import { pricesOf } from '@/lib/tab-state/meter-prices';

/** Rows drawn at first and added by "Show more": enough to scan, few enough to draw in a frame or two. */
export const PAGE_SIZE = 100;

export interface LeadsAppProps {
  /** This page's store (default: the extension's leads database). */
  store?: LeadStore;
  now?: () => number;
  /** The page's query string (`?filter=due` opens it on the follow-ups due). */
  search?: string;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const NO_LEADS: readonly Lead[] = [];

export function LeadsApp({ store: given, now = Date.now, search = location.search }: LeadsAppProps) {
  const store = given ?? pageLeads();
  const { leads, readAll } = useAllLeads(store);
  // The rep's edits show at once, laid over the leads until the read-back has them (lib/leads/pending-edits.ts).
  const [edits, setEdits] = useState<PendingEdits>(new Map());
  const all = useMemo(() => withEdits(leads ?? NO_LEADS, edits), [leads, edits]);
  const meter = useMeter();
  const prices = pricesOf(meter);
  const revealsAnswer = useReveals(meter?.accountId);
  const accountInUse = revealsAnswer?.accountId ?? meter?.accountId ?? null;
  const today = dayKey(now());

  // ── what is shown ──────────────────────────────────────────────────────────
  const [filter, setFilter] = useState<LeadFilter>(() => filterFromSearch(search));
  const [sort, setSort] = useState<LeadSort>(() => (filterFromSearch(search).due ? 'follow-up' : 'activity'));
  // The search box answers at once; the table follows as soon as it can (a keystroke never waits for rows).
  const deferredFilter = useDeferredValue(filter);
  const reveals = useMemo(() => revealsByPerson(revealsAnswer?.reveals ?? [], accountInUse), [revealsAnswer, accountInUse]);
  const revealedChannels = useMemo(() => {
    const byPerson = new Map<string, Set<ContactChannelId>>();
    for (const r of revealsAnswer?.reveals ?? []) {
      const set = byPerson.get(r.personId) ?? new Set<ContactChannelId>();
      for (const [id, value] of Object.entries(r.channels)) if (typeof value === 'string' && value.trim()) set.add(id as ContactChannelId);
      byPerson.set(r.personId, set);
    }
    return byPerson;
  }, [revealsAnswer]);
  const indexCache = useRef(new WeakMap<Lead, IndexedLead>());
  const index = useMemo(() => indexLeads(all, indexCache.current), [all]);
  const sorted = useMemo(() => sortLeads(index, sort), [index, sort]);
  const matches = useMemo(
    () => filterLeads(sorted, deferredFilter, { today, revealed: (id) => revealedChannels.get(id) }),
    [sorted, deferredFilter, today, revealedChannels],
  );
  const tags = useMemo(() => leadTags(all), [all]);
  // "Show more" pages through the matches of one query; a new query starts at the first page again.
  const queryKey = `${JSON.stringify(deferredFilter)}|${sort}`;
  const [paging, setPaging] = useState({ key: queryKey, limit: PAGE_SIZE });
  const limit = paging.key === queryKey ? paging.limit : PAGE_SIZE;
  const rows = useMemo(() => matches.slice(0, limit), [matches, limit]);
  const more = matches.length > rows.length;
  const showMore = useCallback(() => setPaging({ key: queryKey, limit: limit + PAGE_SIZE }), [queryKey, limit]);

  // ── selection and the open lead ────────────────────────────────────────────
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const byId = useMemo(() => new Map(all.map((l) => [l.personId, l])), [all]);
  useEffect(() => {
    const settled = settledEdits(byId, edits);
    if (settled.length > 0) setEdits((e) => dropEdits(e, settled));
  }, [byId, edits]);
  const selectedLeads = useMemo(() => [...selected].flatMap((id) => byId.get(id) ?? []), [selected, byId]);
  const [openId, setOpenId] = useState<string | null>(null);
  const openLead = openId ? byId.get(openId) : undefined;
  // The open lead's snapshot, tagged with whose it is: the previous lead's never shows for the next one.
  const snapshotRead = useLeadsQuery(
    async (l) => ({ personId: openId, snapshot: openId ? ((await l.snapshot(openId)) ?? null) : null }),
    `snapshot:${openId ?? ''}`,
    store,
  );
  const snapshot = snapshotRead && snapshotRead.personId === openId ? snapshotRead.snapshot : undefined;
  // The open lead's shares of charges split among many people, for its Cost line (tagged like the snapshot).
  const costsRead = useLeadsQuery(
    async (l) => ({ personId: openId, shares: openId ? sharedCosts(await l.db.costs.where('personId').equals(openId).toArray()) : [] }),
    `costs:${openId ?? ''}`,
    store,
  );
  const costShares = costsRead && costsRead.personId === openId ? costsRead.shares : undefined;
  const narrow = useMediaQuery(COMPACT_LEADS_QUERY);
  // HubSpot: what a send left on each lead (live from the leads database), and who is already there —
  // asked again when a reveal makes a channel known (the worker then searches by it).
  const crmLinks = useLeadsQuery(async (l) => l.db.crmLinks.toArray(), 'crmLinks', store);
  const { marks, enabled: marking, refresh: refreshMarks } = useHubSpotMarks(all, revealedChannels);
  const crm = useMemo(() => {
    const map = new Map<string, CrmRowText>();
    for (const [personId, mark] of marks) if (mark) map.set(personId, { text: IN_HUBSPOT, detail: markDetail(mark), failed: false });
    for (const link of crmLinks ?? []) {
      const said = linkText(link);
      // A failure or a lead held for the rep's choice says so over the mark: the rep has something to do.
      if (said && (said.failed || said.needsChoice || !map.has(link.personId))) map.set(link.personId, said);
    }
    return map;
  }, [marks, crmLinks]);
  const sendScope = selectedLeads.length > 0 ? selectedLeads.map((l) => l.personId) : openLead ? [openLead.personId] : [];
  const hubspotSend = useHubSpotSend();
  const { start: startSend } = hubspotSend;
  // A row's "Needs your choice": the preview for that lead alone.
  const chooseFor = useCallback((personId: string) => startSend([personId]), [startSend]);
  // Below 1,100 px the open lead is a panel under the sticky header (leads.css): it needs the header's height.
  const headerRef = useRef<HTMLElement>(null);
  const headerHeight = useHeight(headerRef);
  const detailRef = useRef<HTMLElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  // Each "open" moves focus to the lead (also when it was open already).
  const [openRequest, setOpenRequest] = useState(0);
  const focusUndo = useRef(false);

  // ── the status line ────────────────────────────────────────────────────────
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const said = useRef(0);
  const say = useCallback((text: string, extra: Omit<ActionMessage, 'id' | 'text'> = {}) => {
    setMessage({ id: ++said.current, text, ...extra });
  }, []);

  // Its outreach: a message from the card is recorded on the lead, said on this page's status line.
  const openWork = useLeadWork(openId ?? undefined, { now, store, say });
  useEffect(() => {
    if (openRequest > 0) detailRef.current?.focus();
  }, [openRequest]);
  useEffect(() => {
    if (focusUndo.current) {
      focusUndo.current = false;
      undoRef.current?.focus();
    }
  }, [message]);

  // ── actions ────────────────────────────────────────────────────────────────
  /** The toolbar badge and the popup count follow-ups due: the worker counts again after a change. */
  const followUpsChanged = useCallback(() => void sendMessage('followUpsChanged', undefined).catch(() => undefined), []);

  /** A write to the leads database; a failure (storage blocked, the database gone) is said, not thrown. */
  const write = useCallback(
    async (what: string, run: () => Promise<unknown>) => {
      try {
        await run();
        return true;
      } catch (e) {
        say(`Could not ${what}: ${messageOf(e)}`, { tone: 'error' });
        return false;
      }
    },
    [say],
  );

  const select = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const open = useCallback((personId: string) => {
    setOpenId(personId);
    setOpenRequest((n) => n + 1);
  }, []);

  // Focus goes back to the lead's name in the table (when it is still drawn).
  const close = useCallback(() => {
    const id = openId;
    setOpenId(null);
    const names = document.querySelectorAll<HTMLElement>(`[${OPEN_LEAD_ATTRIBUTE}]`);
    [...names].find((el) => el.getAttribute(OPEN_LEAD_ATTRIBUTE) === id)?.focus();
  }, [openId]);

  const undo = useCallback(
    async (removed: RemovedLead[]) => {
      if (!(await write('undo the delete', () => store.putBack(removed)))) return;
      say(`Put back ${removed.length === 1 ? removed[0]!.lead.name : leadsLabel(removed.length)}.`);
      followUpsChanged();
    },
    [store, write, say, followUpsChanged],
  );

  const remove = useCallback(
    async (ids: readonly string[]) => {
      let removed: RemovedLead[] = [];
      if (!(await write('delete', async () => (removed = await store.remove(ids))))) return;
      if (removed.length === 0) return;
      setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
      if (openId && ids.includes(openId)) setOpenId(null);
      focusUndo.current = true;
      say(`Deleted ${removed.length === 1 ? removed[0]!.lead.name : leadsLabel(removed.length)}.`, { onUndo: () => void undo(removed) });
      followUpsChanged();
    },
    [store, write, say, undo, followUpsChanged, openId],
  );

  /** A change to some leads' status, tags or follow-up: shown at once, written, then read back. */
  const edit = async (ids: readonly string[], patch: LeadPatch, run: () => Promise<Lead | Lead[] | undefined>) => {
    setEdits((e) => startEdit(e, ids, patch));
    let answered: Lead[] = [];
    const ok = await write('save the change', async () => {
      answered = [await run()].flat().filter((l): l is Lead => !!l);
    });
    setEdits((e) => (ok ? answerEdit(e, answered) : dropEdits(e, ids)));
    return ok;
  };

  const bulkStatus = async (status: LeadStatus) => {
    const ids = selectedLeads.map((l) => l.personId);
    if (!(await edit(ids, { status }, () => store.bulkUpdate(ids, { status })))) return;
    say(`Set ${leadsLabel(ids.length)} to ${statusLabel(status)}.`);
    followUpsChanged();
  };
  const bulkTags = async (change: { addTags?: string[]; removeTags?: string[] }) => {
    const ids = selectedLeads.map((l) => l.personId);
    if (!(await write('change the tags', () => store.bulkUpdate(ids, change)))) return;
    say(
      change.addTags
        ? `Tagged ${leadsLabel(ids.length)} “${change.addTags.join(', ')}”.`
        : `Removed “${(change.removeTags ?? []).join(', ')}” from ${leadsLabel(ids.length)}.`,
    );
  };

  // Export the selection, or every lead the search and filters show when nothing is selected.
  const exportTargets = selectedLeads.length > 0 ? selectedLeads : matches;
  const exportScope =
    selectedLeads.length > 0 ? `the ${leadsLabel(selectedLeads.length)} selected` : `all ${leadsLabel(matches.length)} shown`;
  const runExport = async (kind: (typeof EXPORT_KINDS)[number]) => {
    try {
      // The HubSpot file carries each sent lead's "Record ID" in the connected portal.
      const portalId =
        kind.id === 'hubspot'
          ? await sendMessage('hubspotStatus').then(
              (s) => s.portalId,
              () => null,
            )
          : null;
      const contacts = contactsFromLeads(exportTargets, revealsAnswer?.reveals ?? [], accountInUse, recordIds(crmLinks ?? [], portalId));
      const file = exportContacts(kind.id, contacts, { now: now() });
      const done = leadsLabel(file.exported);
      const left = file.skippedMessage ? ` ${file.skippedMessage}` : '';
      if (kind.to === 'clipboard') {
        await navigator.clipboard.writeText(file.text);
        say(`Copied ${done}.${left}`);
      } else {
        downloadText(file.fileName, file.text, file.mimeType);
        say(`Exported ${done} to ${file.fileName}.${left}`);
      }
    } catch (e) {
      say(`${kind.label}: the export failed (${messageOf(e)}).`, { tone: 'error' });
    }
  };

  const backUp = async () => {
    await write('back up the leads', async () => {
      const file = leadsBackupFile(await store.backup(), today);
      downloadText(file.fileName, file.text, file.type);
      say(backedUpMessage(file));
    });
  };
  const restore = async (file: File) => {
    const read = readBackup(await file.text());
    if (!read.ok) return say(read.message, { tone: 'error' });
    await write('restore the leads', async () => {
      // A merge may add an older note to a lead without moving its updatedAt: read everything after it.
      readAll();
      // What the restore refused or set right (another person's record, future times) is said with the counts.
      say(restoredText({ ...(await store.restore(read.backup)), skipped: read.skipped }));
      followUpsChanged();
    });
  };

  // The open lead's paid actions.
  const [revealing, setRevealing] = useState<string | null>(null);
  const [revealError, setRevealError] = useState<{ personId: string; message: string } | null>(null);
  const reveal = async (lead: Lead, quoted: number) => {
    if (revealing) return;
    setRevealing(lead.personId);
    setRevealError(null);
    try {
      const outcome = await sendMessage('revealLead', { personId: lead.personId, confirmed: true, quoted });
      if (outcome.ok) say(`Revealed ${lead.name}’s contact for ${creditsLabel(outcome.creditsCharged)}.`);
      else setRevealError({ personId: lead.personId, message: outcome.message });
    } catch (e) {
      setRevealError({ personId: lead.personId, message: messageOf(e) });
    } finally {
      setRevealing(null);
    }
  };
  const refresh = async (lead: Lead) => {
    try {
      const outcome = await sendMessage('refreshLead', { personId: lead.personId });
      if (outcome.ok) say(`Refreshed ${lead.name}’s record for ${creditsLabel(outcome.creditsCharged)}.`);
      else say(outcome.message, { tone: 'error' });
    } catch (e) {
      say(messageOf(e), { tone: 'error' });
    }
  };
  // Said in the same words as on the card's lead editor (components/shared/lead-change-text.ts).
  const update = async (lead: Lead, patch: LeadPatch, countDue: boolean) => {
    if (!(await edit([lead.personId], patch, () => store.update(lead.personId, patch)))) return;
    say(changeText(patch));
    if (countDue) followUpsChanged();
  };

  // "31 leads · 280 credits": what the leads shown cost, shares of list pages included.
  const count = leads === undefined ? 'Loading leads…' : leadsCountText(matches, all.length);

  return (
    <main className="leads" style={{ '--leads-header': `${headerHeight}px` } as CSSProperties}>
      <header className="leads__header" ref={headerRef}>
        <h1>Leads</h1>
        <div className="leads__toolbar">
          <button type="button" className="btn" onClick={openProspectPage}>
            {FIND_PROSPECTS}
          </button>
          <ExportMenu scope={exportScope} disabled={exportTargets.length === 0} onExport={(k) => void runExport(k)} />
          <BackupControls onBackup={() => void backUp()} onRestore={(f) => void restore(f)} />
          {marking && (
            <button type="button" className="btn" onClick={refreshMarks}>
              Refresh HubSpot marks
            </button>
          )}
          <HubSpotSendButton count={sendScope.length} onOpen={() => startSend(sendScope)} />
          {hubspotSend.open && (
            <HubSpotSendDialog key={hubspotSend.open.id} step={hubspotSend.open} onSend={hubspotSend.send} onClose={hubspotSend.close} />
          )}
        </div>
      </header>
      <LeadsFilters filter={filter} tags={tags} sort={sort} onFilter={(c) => setFilter((f) => ({ ...f, ...c }))} onSort={setSort} />
      {selectedLeads.length > 0 && (
        <SelectionActions
          count={selectedLeads.length}
          onStatus={(s) => void bulkStatus(s)}
          onAddTags={(t) => void bulkTags({ addTags: t })}
          onRemoveTags={(t) => void bulkTags({ removeTags: t })}
          onDelete={() => void remove(selectedLeads.map((l) => l.personId))}
          onClear={() => setSelected(new Set())}
        />
      )}
      <div className="leads__statusbar">
        <p className="leads__count" role="status">
          {count}
        </p>
        <ActionStatus message={message} undoRef={undoRef} />
      </div>
      <div className={openLead ? 'leads__body leads__body--open' : 'leads__body'}>
        {leads !== undefined && all.length === 0 && <LeadsEmpty onFindProspects={openProspectPage} />}
        {all.length > 0 && (
          <LeadsTable
            rows={rows}
            matching={matches.length}
            selected={selected}
            reveals={reveals}
            today={today}
            sort={sort}
            openId={openId}
            onSelect={select}
            onOpen={open}
            onShowMore={more ? showMore : undefined}
            showMoreCount={Math.min(PAGE_SIZE, matches.length - rows.length)}
            compact={openLead !== undefined || narrow}
            crm={crm}
            onCrmChoice={chooseFor}
          />
        )}
        {openLead && (
          <LeadDetail
            ref={detailRef}
            lead={openLead}
            snapshot={snapshot}
            reveals={reveals.get(openLead.personId)}
            accountInUse={accountInUse}
            meter={meter}
            prices={prices}
            today={today}
            revealing={revealing === openLead.personId}
            revealError={revealError?.personId === openLead.personId ? revealError.message : undefined}
            costShares={costShares}
            onStatus={(status) => void update(openLead, { status }, true)}
            onTags={(t) => void update(openLead, { tags: t }, false)}
            onFollowUp={(day) => void update(openLead, { followUpOn: day }, true)}
            onAddNote={(text) =>
              void write('add the note', () => store.addNote(openLead.personId, text)).then((ok) => ok && say(NOTE_ADDED))
            }
            onRefresh={() => refresh(openLead)}
            onReveal={(quoted) => void reveal(openLead, quoted)}
            onDelete={() => void remove([openLead.personId])}
            onClose={close}
            outreach={openWork?.outreach}
          />
        )}
      </div>
    </main>
  );
}

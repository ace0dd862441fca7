/*
 * The prospect page's state and its messages to the worker: a search (page 1) replaces the results,
 * "Next 100" adds the next page (each record once), "Load team" adds a team's people, "Save as leads"
 * saves the ticked people (0 credits, no call), Export writes them through the exports' adapter. Every
 * paid action is one message per click (the buttons' SendButton; the worker dedupes as well).
 */
import { useState } from 'react';
import type { Person } from '@/lib/api';
import { BACKGROUND_NO_ANSWER, MAY_HAVE_BEEN_CHARGED } from '@/lib/messages/texts';
import { sendMessage } from '@/lib/messaging/protocol';
import { contactFromPerson } from '@/lib/leads/export/contact';
import { EXPORT_KINDS, exportContacts, type ExportKind } from '@/lib/leads/export/export';
import { useTagChoices } from '@/lib/leads/page-leads';
import type { OrganizationList, ProspectQuery } from '@/lib/prospect/prospect-query';
import { EMPTY_VOCABULARY, learnVocabulary, mergeRows, type Vocabulary } from '@/lib/prospect/results';
import type { Organization, PageFailure, Shown, TeamState } from '@/components/prospect/prospect-state';
import { downloadText } from '@/components/shared/download-file';
import { useSelection } from './use-selection';
import { messageOf } from './use-status-line';

/** A message the worker never answered: a paid call may have been sent. */
const NO_ANSWER = `${BACKGROUND_NO_ANSWER} ${MAY_HAVE_BEEN_CHARGED}`;

export function useProspectSearch() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [failure, setFailure] = useState<PageFailure | null>(null);
  const [teams, setTeams] = useState<Record<string, TeamState>>({});
  const [teamPeople, setTeamPeople] = useState<Person[]>([]);
  const { selected, clear: clearSelection, toggle, toggleAll } = useSelection();
  const [notice, setNotice] = useState<string | null>(null);
  const [vocabulary, setVocabulary] = useState<Vocabulary>(EMPTY_VOCABULARY);
  const tagChoices = useTagChoices();

  /** One page of `query`: page 1 replaces what is shown, a later page is added to it. */
  async function page(query: ProspectQuery, pageNo: number, override = false): Promise<void> {
    setNotice(null);
    const out = await sendMessage('prospect', { query, page: pageNo, ...(override ? { override: true } : {}) }).catch(
      () => ({ ok: false, reason: 'no-answer', message: NO_ANSWER }) as const,
    );
    if (!out.ok) return setFailure({ failure: out, retry: out.reason === 'budget' ? { query, page: pageNo } : null });
    setFailure(null);
    const people = out.list === 'people' ? out.rows : [];
    const organizations = out.list === 'people' ? [] : (out.rows as Organization[]);
    if (!out.sample) setVocabulary((v) => learnVocabulary(v, out.rows));
    // Page 1 is a new question; a later page of the one shown is added to it (each record once).
    const before = pageNo > 1 && shown && shown.list === out.list && !shown.sample === !out.sample ? shown : null;
    if (!before) {
      setTeams({});
      setTeamPeople([]);
      clearSelection();
    }
    const { rows: _rows, facets: _facets, ok: _ok, ...answer } = out;
    setShown({
      ...answer,
      query,
      people: before ? mergeRows(before.people, people) : people,
      organizations: before ? mergeRows(before.organizations, organizations) : organizations,
      known: before ? { ...before.known, ...out.known } : out.known,
    });
  }

  /** One organisation's team; true when it loaded (a refusal stops "Load teams"). */
  async function loadTeam(list: OrganizationList, org: Organization): Promise<boolean> {
    const out = await sendMessage('loadTeam', { list, organizationId: org.id }).catch(() => ({ ok: false, message: NO_ANSWER }) as const);
    if (!out.ok) {
      setTeams((t) => ({ ...t, [org.id]: { status: 'error', message: out.message } }));
      return false;
    }
    if (!out.sample) setVocabulary((v) => learnVocabulary(v, out.people));
    setTeams((t) => ({ ...t, [org.id]: { status: 'loaded', people: out.people.length } }));
    setTeamPeople((p) => mergeRows(p, out.people));
    setShown((s) => (s ? { ...s, known: { ...out.known, ...s.known } } : s));
    return true;
  }

  const allPeople = shown ? mergeRows(shown.people, teamPeople) : teamPeople;
  const selectedPeople = allPeople.filter((p) => selected.has(p.id));
  const teamsToLoad = shown?.organizations.filter((o) => selected.has(o.id) && teams[o.id]?.status !== 'loaded') ?? [];

  return {
    shown,
    failure,
    teams,
    teamPeople,
    selected,
    notice,
    vocabulary,
    tagChoices,
    selectedPeople,
    allPeople,
    teamsToLoad,
    search: (query: ProspectQuery) => page(query, 1),
    next: () => (shown ? page(shown.query, shown.page + 1) : undefined),
    anyway: () => (failure?.retry ? page(failure.retry.query, failure.retry.page, true) : undefined),
    toggle,
    toggleAll,
    loadTeam: (org: Organization) => (shown && shown.list !== 'people' ? loadTeam(shown.list, org) : undefined),
    /** The ticked organisations' teams not loaded yet, one after another; a refusal stops the rest. */
    loadTeams: async () => {
      if (!shown || shown.list === 'people') return;
      for (const org of teamsToLoad) if (!(await loadTeam(shown.list, org))) return;
    },
    /** Saves the ticked people as leads with `tag`, one message each (0 credits, no call); says how it went. */
    save: async (tag: string) => {
      const ids = selectedPeople.map((p) => p.id);
      if (!shown?.sample) setNotice(await saveAsLeads(ids, tag));
    },
    /** The ticked people (or everyone shown) through the exports, with their revealed channels; 0 credits. */
    exportPeople: async (kind: ExportKind) => setNotice(await exportPeople(kind, selectedPeople.length > 0 ? selectedPeople : allPeople)),
  };
}

/** Saves each person as a lead, one message each (0 credits, no call); what the notice says about it. Also "Enrich a list"'s. */
export async function saveAsLeads(personIds: readonly string[], tag: string): Promise<string> {
  let created = 0;
  let already = 0;
  const problems: string[] = [];
  for (const personId of personIds) {
    try {
      const out = await sendMessage('saveLead', { personId, tag });
      if (out.ok) {
        if (out.created) created++;
        else already++;
      } else problems.push(out.message);
    } catch {
      problems.push(BACKGROUND_NO_ANSWER);
    }
  }
  const saved = created + already;
  return [
    `Saved ${saved} as ${saved === 1 ? 'a lead' : 'leads'} (${created} new${already ? `, ${already} already saved` : ''}) · 0 credits.`,
    ...(problems.length ? [`${problems.length} not saved: ${[...new Set(problems)].join(' ')}`] : []),
  ].join(' ');
}

/** The people through the exports, with their revealed channels (0 credits); what the notice says about it. */
async function exportPeople(kind: ExportKind, people: readonly Person[]): Promise<string> {
  try {
    const { accountId, reveals } = await sendMessage('getReveals', undefined);
    // The account in use's reveal of a person first; another account's is labelled as such by the export.
    const byPerson = new Map<string, (typeof reveals)[number]>();
    for (const r of reveals) if (!byPerson.has(r.personId) || r.accountId === accountId) byPerson.set(r.personId, r);
    const file = exportContacts(
      kind,
      people.map((p) => contactFromPerson(p, byPerson.get(p.id), accountId)),
      { now: Date.now(), baseName: 'prospects' },
    );
    if (EXPORT_KINDS.find((k) => k.id === kind)?.to === 'clipboard') await navigator.clipboard.writeText(file.text);
    else downloadText(file.fileName, file.text, file.mimeType);
    return `Exported ${file.exported} · 0 credits.${file.skippedMessage ? ` ${file.skippedMessage}` : ''}`;
  } catch (err) {
    return messageOf(err);
  }
}

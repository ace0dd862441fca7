/*
 * The rep's work on one person from a card (the panel's person card, the popup's "On this tab", the
 * Leads page's open lead): their lead, read live from the leads database, and what the card's lead
 * editor and outreach actions write. The same store and messages as the Leads page: a change made here
 * shows there at once, and the other way round.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ActionMessage } from '@/components/leads/action-status';
import type { CardLead } from '@/components/shared/lead-editor';
import { changeText, NOTE_ADDED, touchText } from '@/components/leads/lead-text';
import { dayKey } from '@/lib/credits/day-key';
import { blocksContact, type Lead } from '@/lib/leads/lead';
import type { LeadPatch, LeadStore } from '@/lib/leads/lead-store';
import { DO_NOT_CONTACT_OUTREACH, touchFor, type OutreachChannel } from '@/lib/leads/outreach';
import { pageLeads, useLeadsQuery } from '@/lib/leads/page-leads';
import { useOutreach } from './use-outreach';
import { followUpsChanged, sayFailure, type Say } from './use-status-line';

export interface LeadWorkOptions {
  save?: (() => Promise<string | null>) | undefined;
  now?: () => number;
  /** Another LeadStore than the page's (a page test's). */
  store?: LeadStore | undefined;
  /** Where messages go when the page has its own status line (the Leads page); default: the editor's. */
  say?: Say | undefined;
}

/**
 * `save`: saves the person as a lead (the worker's `saveLead`, 0 credits) and answers why it failed, or
 * null. A message to someone not saved yet saves them first. Absent: this card cannot save (a sample).
 */
export function useLeadWork(
  personId: string | undefined,
  { save, now = Date.now, store, say: sayElsewhere }: LeadWorkOptions = {},
): CardLead | undefined {
  const leads = store ?? pageLeads();
  const read = useLeadsQuery(
    personId ? async (l) => ({ personId, lead: (await l.get(personId)) ?? null }) : null,
    `lead:${personId ?? ''}`,
    store,
  );
  // The previous person's lead never shows for the next one while it is read.
  const lead: Lead | null | undefined = read && read.personId === personId ? read.lead : undefined;
  const { outreach } = useOutreach(store);
  const today = dayKey(now());
  // The handlers read the latest of these, so the card gets the same functions on every render (its
  // memoised views do not redraw for a new closure).
  const latest = useRef({ personId, lead, today, save, outreach });
  latest.current = { personId, lead, today, save, outreach };

  // A message belongs to the person it was said about: the next card on the panel starts without it
  // (and without an Undo that would act on someone else).
  const [said, setSaid] = useState<{ personId: string | undefined; message: ActionMessage } | null>(null);
  const message = said && said.personId === personId ? said.message : null;
  const saidCount = useRef(0);
  const sayHere = useCallback<Say>((text, extra = {}) => {
    setSaid({ personId: latest.current.personId, message: { id: ++saidCount.current, text, ...extra } });
  }, []);
  const say = sayElsewhere ?? sayHere;
  // One message is recorded at a time per card: a double click on "Message on Telegram" records it once.
  const recording = useRef(false);

  const handlers = useMemo(() => {
    const write = <T>(what: string, run: () => Promise<T>) => sayFailure(say, what, run);

    /** A write to this card's person's lead; `then` once it is done. */
    const change = <T>(what: string, run: (personId: string) => Promise<T>, then: () => void) => {
      const { personId } = latest.current;
      if (personId) void write(what, () => run(personId)).then((done) => done && then());
    };
    const onPatch = (patch: LeadPatch) =>
      change(
        'save the change',
        (id) => leads.update(id, patch),
        () => {
          say(changeText(patch));
          if (patch.status !== undefined || patch.followUpOn !== undefined) followUpsChanged();
        },
      );
    const onAddNote = (text: string) =>
      change(
        'add the note',
        (id) => leads.addNote(id, text),
        () => say(NOTE_ADDED),
      );

    const record = async (channel: OutreachChannel) => {
      const { personId, lead, today, save, outreach } = latest.current;
      if (!personId || !outreach || lead === undefined) return;
      const plan = touchFor(lead, channel, today, outreach.followUpDays);
      if (!plan) return say(DO_NOT_CONTACT_OUTREACH, { tone: 'error' });
      const created = lead === null;
      if (created) {
        const failed = save ? await save() : 'this card cannot save a lead.';
        if (failed !== null) return say(`Sent, but not recorded: ${failed}`, { tone: 'error' });
      }
      const done = await write('record the message', () => leads.recordTouch(personId, plan, created));
      if (!done) return;
      followUpsChanged();
      say(touchText(plan), {
        onUndo: () =>
          void write('undo', () => leads.undoTouch(done.undo).then(() => true)).then((undone) => {
            if (!undone) return;
            say('Undone: the message is no longer recorded.');
            followUpsChanged();
          }),
      });
    };
    const onTouch = (channel: OutreachChannel) => {
      if (recording.current) return;
      recording.current = true;
      void record(channel).finally(() => (recording.current = false));
    };
    return { onPatch, onAddNote, onTouch };
  }, [leads, say]);

  const blocked = lead ? blocksContact(lead) : false;
  return useMemo(
    () =>
      personId
        ? {
            personId,
            editor: { lead, today, onPatch: handlers.onPatch, onAddNote: handlers.onAddNote, message },
            outreach: outreach && {
              templates: outreach.templates,
              me: { myName: outreach.myName, myCompany: outreach.myCompany },
              blocked: blocked ? DO_NOT_CONTACT_OUTREACH : null,
              onTouch: handlers.onTouch,
            },
          }
        : undefined,
    [personId, lead, today, message, outreach, blocked, handlers],
  );
}

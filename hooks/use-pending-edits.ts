/*
 * The rep's edits show at once, laid over the leads until the read-back has them
 * (lib/leads/pending-edits.ts); `edit` shows a change, writes it, then keeps what the store answered.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Lead } from '@/lib/leads/lead';
import type { LeadPatch } from '@/lib/leads/lead-store';
import { answerEdit, dropEdits, settledEdits, startEdit, withEdits, type PendingEdits } from '@/lib/leads/pending-edits';
import type { Write } from './use-status-line';

const NO_LEADS: readonly Lead[] = [];

export type Edit = (ids: readonly string[], patch: LeadPatch, run: () => Promise<Lead | Lead[] | undefined>) => Promise<boolean>;

export function usePendingEdits(leads: readonly Lead[] | undefined, write: Write) {
  const [edits, setEdits] = useState<PendingEdits>(new Map());
  const all = useMemo(() => withEdits(leads ?? NO_LEADS, edits), [leads, edits]);
  const byId = useMemo(() => new Map(all.map((l) => [l.personId, l])), [all]);
  useEffect(() => {
    const settled = settledEdits(byId, edits);
    if (settled.length > 0) setEdits((e) => dropEdits(e, settled));
  }, [byId, edits]);

  /** A change to some leads' status, tags or follow-up: shown at once, written, then read back. */
  const edit = useCallback<Edit>(
    async (ids, patch, run) => {
      setEdits((e) => startEdit(e, ids, patch));
      let answered: Lead[] = [];
      const ok = await write('save the change', async () => {
        answered = [await run()].flat().filter((l): l is Lead => !!l);
      });
      setEdits((e) => (ok ? answerEdit(e, answered) : dropEdits(e, ids)));
      return ok;
    },
    [write],
  );
  return { all, byId, edit };
}

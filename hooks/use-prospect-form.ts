/*
 * The prospect form and its check before paying: the roles and channels on offer are the ones this
 * account's answers listed (the worker keeps them in the records database, per account, with their date;
 * read live, so a fresh page has them) or the starting suggestion. A search with a value not on offer
 * sends nothing and asks; the rep picks the suggested value or searches as typed.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { EMPTY_FORM, queryOf, replaceValue, type ProspectForm } from '@/lib/prospect/filters';
import type { ProspectQuery } from '@/lib/prospect/prospect-query';
import { checkQuery, offersOf, readKnownFacets, type Doubt } from '@/lib/prospect/vocabulary';
import { prospectFacetsKey } from '@/lib/storage/keys';
import { pageDb } from '@/lib/storage/page-records';

/** No question: one array, so setting it again is no change (the form's Search waits for a change or an answer). */
const NONE: Doubt[] = [];

export function useProspectForm(accountId: string | null | undefined, search: (query: ProspectQuery) => Promise<void>) {
  const [form, setForm] = useState<ProspectForm>(EMPTY_FORM);
  const [doubts, setDoubts] = useState<Doubt[]>(NONE);
  const stored = useLiveQuery(async () => (accountId ? (await pageDb().kv.get(prospectFacetsKey(accountId)))?.value : null), [accountId]);
  const offers = offersOf(readKnownFacets(stored));

  /** Sends the form's question, unless a value is not on offer and the rep has not said to send it as typed. */
  function submit(asTyped: boolean): Promise<void> | undefined {
    const checked = checkQuery(queryOf(form), offers);
    const ask = !asTyped && checked.doubts.length > 0;
    setDoubts(ask ? checked.doubts : NONE);
    return ask ? undefined : search(checked.query);
  }

  return {
    value: form,
    onChange: (next: ProspectForm) => {
      setForm(next);
      setDoubts(NONE);
    },
    onSearch: () => submit(false),
    offers,
    doubts,
    onSearchAsTyped: () => submit(true),
    /** The suggested value in place of the one typed; nothing is sent until the rep searches. */
    onPick: (d: Doubt) => {
      if (d.suggestion !== null) setForm((f) => ({ ...f, [d.field]: replaceValue(f[d.field], d.value, d.suggestion!) }));
      setDoubts((all) => all.filter((x) => x !== d));
    },
  };
}

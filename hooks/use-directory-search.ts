import { useRef, useState } from 'react';
import type { SearchState } from '@/components/popup/search-state';
import { sendMessage } from '@/lib/messaging/protocol';
import { SEARCH_NO_ANSWER } from '@/lib/messages/texts';

/** The popup's directory search through the worker, one at a time. */
export function useDirectorySearch() {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const inFlight = useRef(false);

  /** A paid search (sent only from a user action). Ignored while one is in flight: a double Enter must not pay twice. */
  async function search(q: string, override: boolean) {
    if (inFlight.current) return;
    inFlight.current = true;
    setState({ status: 'searching', q });
    try {
      const outcome = await sendMessage('search', override ? { q, override: true } : { q });
      setState(outcome.ok ? { status: 'done', q, result: outcome } : { status: 'failed', q, failure: outcome });
    } catch {
      setState({ status: 'error', q, message: SEARCH_NO_ANSWER });
    } finally {
      inFlight.current = false;
    }
  }

  return {
    state,
    run: (q: string) => void search(q, false),
    /** After a budget refusal: the same search again, past the budget. */
    runAnyway: () => {
      if (state.status === 'failed') void search(state.q, true);
    },
  };
}

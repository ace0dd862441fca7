import type { SearchOutcome } from '@/lib/messaging/protocol';

export type SearchSuccess = Extract<SearchOutcome, { ok: true }>;

/** What the popup shows about its search: nothing yet, in flight, results, or a refusal/failure. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; q: string }
  | { status: 'done'; q: string; result: SearchSuccess }
  | { status: 'failed'; q: string; failure: Extract<SearchOutcome, { ok: false }> }
  /** The message never got an answer (e.g. the background is not running). */
  | { status: 'error'; q: string; message: string };

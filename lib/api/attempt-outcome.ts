// Whether one attempt was charged, decided once: the rate governor, the paid path and the credit governor read it.
import type { ApiCall } from './calls';
import type { ApiError } from './errors';

export type AttemptVerdict =
  /** A 2xx that was read: the charge is the answer's own `meta.creditsCharged`. */
  | { charge: 'meta' }
  /** Answered with an error, or never sent: nothing charged. `next`: give up, wait for the rate window (429), or back off. */
  | { charge: 'none'; next: 'final' | 'wait' | 'backoff'; offline?: true }
  /** Lost or unreadable: it may have been charged. `resentByBrowser`: no byte arrived, so the browser may have sent it twice. */
  | { charge: 'unknown'; resentByBrowser: boolean };

/** The parts of a failed result the verdict reads (a client `ApiFailure` or the rate governor's own). */
export interface FailedAttempt {
  ok: false;
  error: Pick<ApiError, 'kind' | 'status'> & { cause?: string };
  rateLimit?: { remaining: number | null } | null;
}

export function judgeAttempt(
  call: Pick<ApiCall<unknown>, 'resend'>,
  result: { ok: true } | FailedAttempt,
  ctx: { offlineAtSend?: boolean } = {},
): AttemptVerdict {
  if (result.ok) return { charge: 'meta' };
  const { error } = result;
  switch (error.kind) {
    case 'network':
      // Known offline when it was sent: a failure to connect never reached anyone.
      if (error.cause === 'failed' && ctx.offlineAtSend) return { charge: 'none', next: 'final', offline: true };
      // Headers arrived ('body': dropped mid-answer): the browser does not resend after that.
      return { charge: 'unknown', resentByBrowser: error.cause !== 'body' };
    case 'invalid-response':
      // A 2xx we could not read was served, and so charged.
      return { charge: 'unknown', resentByBrowser: false };
    case 'server':
      // A gateway timeout says the API may have done (and charged) the work; a reveal may have been
      // charged even on a 5xx. Any other 5xx charged nothing: a plain read is sent again after a backoff.
      if (error.status === 504 || call.resend === 'never') return { charge: 'unknown', resentByBrowser: false };
      return { charge: 'none', next: 'backoff' };
    case 'rate-limited':
      // Refused before it ran. A 429 on a reveal may be the hourly reveal cap: unless the headers say the
      // request allowance is spent, it is handed back rather than pausing every lookup for up to an hour.
      if (call.resend === 'never' && result.rateLimit?.remaining !== 0) return { charge: 'none', next: 'final' };
      return { charge: 'none', next: 'wait' };
    default:
      // 400/401/402/403/404, wrong host, and everything refused before sending: nothing charged.
      return { charge: 'none', next: 'final' };
  }
}

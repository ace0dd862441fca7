/*
 * ProblemView — statuses `bad-key`, `missing-scope`, `wrong-host` and `error`: what went wrong, what
 * to do about it, the API's message as text, "Open settings" and "Retry · 5 credits" (`lookUp`).
 *
 * Props:
 *   status          'bad-key' | 'missing-scope' | 'wrong-host' | 'error'
 *   message         string
 *   retryable?      boolean — for `error`: false says a retry will likely fail the same way
 *   onOpenSettings  () => void
 *   onRetry?        () => void
 */
import type { ReactNode } from 'react';
import { creditsLabel } from '../shared/format';
import { DATA_CALL_CREDITS } from '../shared/prices';
import { StateMessage } from './state-message';
import { SafeText } from '../shared/safe-text';

export type ProblemStatus = 'bad-key' | 'missing-scope' | 'wrong-host' | 'error';

export interface ProblemViewProps {
  status: ProblemStatus;
  message: string;
  retryable?: boolean;
  onOpenSettings: () => void;
  onRetry?: () => void;
}

const COPY: Record<ProblemStatus, { title: string; advice: ReactNode; tone: 'warn' | 'danger' }> = {
  'bad-key': {
    title: 'The API key was refused',
    advice: 'The key is missing, mistyped or revoked. Copy a working key from the Directory web app (Settings → API) and save it in the extension’s settings.',
    tone: 'danger',
  },
  'missing-scope': {
    title: 'This key cannot reveal contacts',
    advice: (
      <>
        The key lacks the <code>read:contacts</code> scope. Create a key with <code>read:contacts</code> in the Directory web app and save it in settings.
        Lookups still work.
      </>
    ),
    tone: 'warn',
  },
  'wrong-host': {
    title: 'Wrong API host',
    advice: (
      <>
        The API base URL points at the web app, not the API. In settings, set “API base URL” to the <code>baseUrl</code> reported by <code>/v1/me</code>.
      </>
    ),
    tone: 'danger',
  },
  error: {
    title: 'The lookup failed',
    advice: 'Something went wrong talking to the Directory API. Try again in a moment.',
    tone: 'danger',
  },
};

export function ProblemView({ status, message, retryable = true, onOpenSettings, onRetry }: ProblemViewProps) {
  const copy = COPY[status];
  return (
    <StateMessage title={copy.title} tone={copy.tone}>
      <p>{copy.advice}</p>
      {status === 'error' && !retryable && <p>The API rejected this request as it stands, so a retry will likely fail the same way.</p>}
      {message && (
        <p className="muted small">
          API: <SafeText text={message} />
        </p>
      )}
      <div className="actions">
        <button type="button" className={status === 'error' ? 'btn' : 'btn btn--primary'} onClick={onOpenSettings}>
          Open settings
        </button>
        {onRetry && (
          <button type="button" className={status === 'error' ? 'btn btn--primary' : 'btn'} onClick={onRetry}>
            Retry · {creditsLabel(DATA_CALL_CREDITS)}
          </button>
        )}
      </div>
    </StateMessage>
  );
}

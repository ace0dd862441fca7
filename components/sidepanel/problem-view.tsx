/*
 * ProblemView — statuses `bad-key`, `missing-scope`, `wrong-host` and `error`: what went wrong, what
 * to do about it, the API's message as text, "Open settings", and "Retry · N credits" (`lookUp`) only
 * where a retry can help: a retryable `error`. A refused key, a missing scope or a wrong host fail the
 * same way until the settings change (and saving a key looks the tab up again by itself).
 */
import type { ReactNode } from 'react';
import { creditsLabel } from '@/components/shared/format';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { StateMessage } from './state-message';
import { SafeText } from '@/components/shared/safe-text';
import { KEY_REJECTED, KEY_REJECTED_FIX } from '@/lib/messages/texts';

export type ProblemStatus = 'bad-key' | 'missing-scope' | 'wrong-host' | 'error';

export interface ProblemViewProps {
  status: ProblemStatus;
  message: string;
  /** For `error`: false says a retry will likely fail the same way. */
  retryable?: boolean;
  onOpenSettings: () => void;
  onRetry?: SendAction;
  /** What a retry costs: the account's search price. */
  price: number;
}

const COPY: Record<ProblemStatus, { title: string; advice: ReactNode; tone: 'warn' | 'danger' }> = {
  'bad-key': {
    title: 'The API key was refused',
    advice: `${KEY_REJECTED} ${KEY_REJECTED_FIX}`,
    tone: 'danger',
  },
  'missing-scope': {
    title: 'This key cannot reveal contacts',
    advice: (
      <>
        The key lacks the <code>read:contacts</code> scope. Create a key with <code>read:contacts</code> in the Directory web app and save
        it in settings. Lookups still work.
      </>
    ),
    tone: 'warn',
  },
  'wrong-host': {
    title: 'Wrong API host',
    advice: (
      <>
        The API base URL points at the web app, not the API. In settings, set “API base URL” to the <code>baseUrl</code> reported by{' '}
        <code>/v1/me</code>.
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

/** Our own sentence for these (lib/worker/error-state.ts) repeats the advice: shown once, not twice. */
const OWN_WORDS: ReadonlySet<ProblemStatus> = new Set(['bad-key', 'missing-scope']);

export function ProblemView({ status, message, retryable = true, onOpenSettings, onRetry, price }: ProblemViewProps) {
  const copy = COPY[status];
  const canRetry = status === 'error' && retryable && onRetry !== undefined;
  return (
    <StateMessage title={copy.title} tone={copy.tone}>
      <p>{copy.advice}</p>
      {status === 'error' && !retryable && <p>The API rejected this request as it stands, so a retry will likely fail the same way.</p>}
      {message && !OWN_WORDS.has(status) && (
        <p className="muted small">
          API: <SafeText text={message} />
        </p>
      )}
      <div className="actions">
        <button type="button" className={status === 'error' ? 'btn' : 'btn btn--primary'} onClick={onOpenSettings}>
          Open settings
        </button>
        {canRetry && (
          <SendButton className={status === 'error' ? 'btn btn--primary' : 'btn'} onSend={onRetry}>
            Retry · {creditsLabel(price)}
          </SendButton>
        )}
      </div>
    </StateMessage>
  );
}

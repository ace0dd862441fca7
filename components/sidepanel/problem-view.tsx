/*
 * ProblemView — statuses `bad-key`, `missing-scope`, `wrong-host` and `error`: what went wrong, what
 * to do about it (the table's words, lib/messages/texts.ts; a wrong host's own sentence names its
 * cause), the message as text, "Open settings", and "Retry · N credits" (`lookUp`) only
 * where a retry can help: a retryable `error`. A refused key, a missing scope or a wrong host fail the
 * same way until the settings change (and saving a key looks the tab up again by itself).
 */
import type { ReactNode } from 'react';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { StateMessage } from './state-message';
import { SafeText } from '@/components/shared/safe-text';
import { failureText, KEY_REJECTED, KEY_REJECTED_FIX, MISSING_CONTACT_SCOPE, WRONG_HOST_LABEL, creditsLabel } from '@/lib/messages/texts';

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
    advice: MISSING_CONTACT_SCOPE,
    tone: 'warn',
  },
  'wrong-host': {
    title: WRONG_HOST_LABEL,
    // Shown when the state carries no sentence of its own (the state's names the cause: a web page, a redirect, …).
    advice: failureText({ kind: 'wrong-host' }),
    tone: 'danger',
  },
  error: {
    title: 'The lookup failed',
    advice: 'Something went wrong talking to the Directory API. Try again in a moment.',
    tone: 'danger',
  },
};

/** Our own sentence for these (lib/worker/error-state.ts) repeats the advice: shown once, not twice. */
const OWN_WORDS: ReadonlySet<ProblemStatus> = new Set(['bad-key', 'missing-scope', 'wrong-host']);

export function ProblemView({ status, message, retryable = true, onOpenSettings, onRetry, price }: ProblemViewProps) {
  const copy = COPY[status];
  const canRetry = status === 'error' && retryable && onRetry !== undefined;
  // A wrong host's sentence (the table's) names the cause and the fix: it is the advice.
  const advice = status === 'wrong-host' && message ? <SafeText text={message} /> : copy.advice;
  return (
    <StateMessage title={copy.title} tone={copy.tone}>
      <p>{advice}</p>
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

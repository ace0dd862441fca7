/*
 * RateLimitedView — status `rate-limited`: when lookups resume (a live countdown and the clock time).
 * The worker resumes on its own; a manual "Retry" appears only once the wait is over.
 *
 * Props:
 *   resumeAt  number — epoch ms
 *   message   string
 *   onRetry?  () => void
 *   now?      () => number — clock (tests)
 */
import { useCallback, useState } from 'react';
import { creditsLabel } from '../shared/format';
import { DATA_CALL_CREDITS } from '../shared/prices';
import { Countdown } from './countdown';
import { StateMessage } from './state-message';
import { SafeText } from '../shared/safe-text';

export interface RateLimitedViewProps {
  resumeAt: number;
  message: string;
  onRetry?: () => void;
  now?: () => number;
}

export function RateLimitedView({ resumeAt, message, onRetry, now = Date.now }: RateLimitedViewProps) {
  const [done, setDone] = useState(() => resumeAt <= now());
  const onDone = useCallback(() => setDone(true), []);
  return (
    <StateMessage title="Rate limited" tone="warn">
      <p>
        The Directory API asked us to slow down. Lookups resume <Countdown until={resumeAt} now={now} onDone={onDone} />.
      </p>
      {message && (
        <p className="muted small">
          API: <SafeText text={message} />
        </p>
      )}
      {done && onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Retry · {creditsLabel(DATA_CALL_CREDITS)}
        </button>
      )}
    </StateMessage>
  );
}

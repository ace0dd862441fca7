/*
 * RateLimitedView — status `rate-limited`: "API rate limit — resumes in 42 s" with a live countdown,
 * that the limit is the whole account's, and that the extension resumes by itself. While an automatic
 * retry is pending there is nothing to click (a paid "Retry" would only queue behind it); a manual
 * "Retry" appears only when nothing will resume by itself and the wait is over.
 */
import { useCallback, useState } from 'react';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { Countdown } from './countdown';
import { StateMessage } from './state-message';
import { NOTHING_CHARGED, RATE_LIMIT_QUEUED, RATE_LIMIT_SHARED, creditsLabel } from '@/lib/messages/texts';

export interface RateLimitedViewProps {
  /** Epoch ms. */
  resumeAt: number;
  message: string;
  /** The worker resumes the lookup itself at `resumeAt` */
  automatic?: boolean;
  onRetry?: SendAction;
  /** What a retry costs: the account's search price. */
  price: number;
  /** Clock (tests) */
  now?: () => number;
}

export function RateLimitedView({ resumeAt, automatic = false, onRetry, price, now = Date.now }: RateLimitedViewProps) {
  const [done, setDone] = useState(() => resumeAt <= now());
  const onDone = useCallback(() => setDone(true), []);
  return (
    <StateMessage
      tone="warn"
      title={
        done ? (
          automatic ? (
            'API rate limit — resuming now…'
          ) : (
            'API rate limit — over'
          )
        ) : (
          <>
            API rate limit — resumes <Countdown until={resumeAt} now={now} onDone={onDone} />
          </>
        )
      }
    >
      <p>{RATE_LIMIT_SHARED}</p>
      {/* A 429 is answered free: the paid path books it at 0 (lib/worker/paid-call.ts). */}
      <p>{automatic ? RATE_LIMIT_QUEUED : NOTHING_CHARGED}</p>
      {done && !automatic && onRetry && (
        <SendButton className="btn" onSend={onRetry}>
          Retry · {creditsLabel(price)}
        </SendButton>
      )}
    </StateMessage>
  );
}

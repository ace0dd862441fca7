import { SafeText } from '@/components/shared/safe-text';
import { hostOf } from './base-url-check';

export interface BaseUrlProposalProps {
  /** Where the extension sends calls now (the address the user saved). */
  current: string;
  /** The https address GET /v1/me named instead. */
  proposed: string;
  busy?: boolean;
  /** Called from the click (a user gesture: the host permission is requested in it). */
  onAccept: () => void;
  onKeep: () => void;
}

/**
 * /v1/me named another API address. The key goes there only if the user says so here: an API (or
 * whoever answers in its place) cannot move the key to another host on its own.
 */
export function BaseUrlProposal({ current, proposed, busy = false, onAccept, onKeep }: BaseUrlProposalProps) {
  const host = hostOf(proposed);
  return (
    <section aria-labelledby="base-proposal-heading" className="card notice notice--warn" role="region">
      <h2 id="base-proposal-heading">Switch the API address?</h2>
      <p>
        GET /v1/me says this account’s API is at{' '}
        <code>
          <SafeText text={proposed} />
        </code>
        , but the extension calls{' '}
        <code>
          <SafeText text={current} />
        </code>
        . Nothing has been sent to{' '}
        <strong>
          <SafeText text={host} />
        </strong>
        . If you switch, your API key is sent there from now on.
      </p>
      <div className="actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={onAccept}>
          Switch to <SafeText text={host} />
        </button>
        <button type="button" className="btn" disabled={busy} onClick={onKeep}>
          Keep <SafeText text={hostOf(current)} />
        </button>
      </div>
    </section>
  );
}

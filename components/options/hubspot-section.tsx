import { useState } from 'react';
import { formatMoment } from '@/components/leads/lead-text';
import { SafeText } from '@/components/shared/safe-text';
import { LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import { failureLine, KEEP_UP_TO_DATE, KEEP_UP_TO_DATE_HELP, lastSyncText } from '@/lib/crm/crm-text';
import type { HubSpotStatus, MessageData } from '@/lib/messaging/protocol';
import { HUBSPOT_MARKS_CONSENT, HUBSPOT_PROPERTIES_CONSENT } from '@/lib/messages/texts';
import { FormOutcome } from './api-key-form';

export interface HubSpotSectionProps {
  status: HubSpotStatus | null;
  busy: boolean;
  message: { tone: 'ok' | 'error'; text: string } | null;
  /** Called from the Connect submit event (the host permission is requested in it). */
  onConnect: (input: Required<MessageData<'connectHubSpot'>>) => void;
  onDisconnect: () => void;
  /** "Keep HubSpot up to date" ticked or unticked (sent at once, no Save). */
  onKeepUpToDate: (on: boolean) => void;
  /** "Sync now" is running. */
  syncing?: boolean;
  onSyncNow: () => void;
  /** Where leads waiting for a choice are answered. */
  onOpenLeads: () => void;
  /** Development/test builds: the "HubSpot API base URL" field under "Advanced". */
  allowBaseUrl?: boolean;
}

/**
 * The options page's HubSpot region: token, the marks opt-in (with what it sends), Connect and Disconnect;
 * once connected, "Keep HubSpot up to date" with its last run, the leads it could not send and "Sync now".
 */
export function HubSpotSection(props: HubSpotSectionProps) {
  const { status, busy, message, syncing = false, onKeepUpToDate, onSyncNow, onOpenLeads } = props;
  return (
    <section aria-labelledby="hubspot-heading" className="card">
      <h2 id="hubspot-heading">HubSpot</h2>
      <p className="help">
        Send leads to your team’s HubSpot and see who is already there. Use a private app or service key token with the
        crm.objects.contacts.read/write and crm.objects.companies.read/write scopes.
      </p>
      {status?.connected && <p>Connected to HubSpot portal {status.portalId}.</p>}
      {status?.problem && (
        <p role="alert" className="notice notice--danger">
          {status.problem}
        </p>
      )}
      <HubSpotConnectForm {...props} />
      {/* Once connected: "Keep HubSpot up to date", its last run, the leads it could not send, "Sync now". */}
      {status?.connected && (
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={status.keepUpToDate}
              onChange={(e) => onKeepUpToDate(e.target.checked)}
              aria-describedby="hubspot-sync-help"
            />{' '}
            {KEEP_UP_TO_DATE}
          </label>
          <p id="hubspot-sync-help" className="help">
            {KEEP_UP_TO_DATE_HELP}
          </p>
          {status.keepUpToDate && (
            <>
              <p>{lastSyncText(status.lastSync, formatMoment)}</p>
              {status.lastSync && status.lastSync.failures.length > 0 && (
                <ul aria-label="Not sent at the last sync">
                  {status.lastSync.failures.map((f) => (
                    <li key={f.personId}>
                      <SafeText text={failureLine(f)} />
                    </li>
                  ))}
                </ul>
              )}
              <div className="actions">
                <button type="button" className="btn" disabled={busy || syncing} onClick={onSyncNow}>
                  Sync now
                </button>
                <button type="button" className="link-button" onClick={onOpenLeads}>
                  Open the Leads page
                </button>
              </div>
            </>
          )}
        </div>
      )}
      <FormOutcome progress={busy ? 'Checking the token with HubSpot…' : syncing ? 'Syncing with HubSpot…' : null} message={message} />
    </section>
  );
}

/** Token, the marks opt-in with what it sends, the custom properties, the base URL in development builds. */
function HubSpotConnectForm({ status, busy, onConnect, onDisconnect, allowBaseUrl = LOOPBACK_ALLOWED }: HubSpotSectionProps) {
  const connected = status?.connected === true;
  const [token, setToken] = useState('');
  // The box starts from the opt-in as stored (the section is remounted once the status arrives).
  const [markPeople, setMarkPeople] = useState(status?.markPeople ?? false);
  const [createProperties, setCreateProperties] = useState(true);
  const [baseUrl, setBaseUrl] = useState('');

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onConnect({ token, markPeople, createProperties, baseUrl: allowBaseUrl ? baseUrl : '' });
        setToken('');
      }}
    >
      <div className="field">
        <label htmlFor="hubspot-token">HubSpot access token</label>
        <input
          id="hubspot-token"
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder={connected ? 'Connected: paste a new token to replace it' : 'pat-…'}
          aria-describedby="hubspot-token-help"
        />
        <p id="hubspot-token-help" className="help">
          Checked with a free read before it is kept. It stays in the extension’s background and is only sent to HubSpot.
        </p>
      </div>
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={markPeople}
            onChange={(e) => setMarkPeople(e.target.checked)}
            aria-describedby="hubspot-marks-help"
          />{' '}
          Mark people already in HubSpot
        </label>
        <p id="hubspot-marks-help" className="help">
          {HUBSPOT_MARKS_CONSENT}
        </p>
      </div>
      <div className="field">
        <label>
          <input type="checkbox" checked={createProperties} onChange={(e) => setCreateProperties(e.target.checked)} />{' '}
          {HUBSPOT_PROPERTIES_CONSENT}
        </label>
      </div>
      {allowBaseUrl && (
        <details className="advanced">
          <summary>Advanced</summary>
          <div className="field">
            <label htmlFor="hubspot-base-url">HubSpot API base URL</label>
            <input
              id="hubspot-base-url"
              type="url"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              placeholder="https://api.hubapi.com"
            />
          </div>
        </details>
      )}
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={busy || token.trim() === ''}>
          Connect HubSpot
        </button>
        {connected && (
          <button type="button" className="btn" disabled={busy} onClick={onDisconnect}>
            Disconnect HubSpot
          </button>
        )}
      </div>
    </form>
  );
}

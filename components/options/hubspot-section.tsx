import { LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import type { MessageResponse } from '@/lib/messaging/protocol';
import type { ConnectHubSpotInput } from './connect-hubspot';
import { HubSpotConnectForm, HubSpotSync } from './hubspot-parts';

export interface HubSpotSectionProps {
  status: MessageResponse<'hubspotStatus'> | null;
  busy: boolean;
  message: { tone: 'ok' | 'error'; text: string } | null;
  /** Called from the Connect submit event (the host permission is requested in it). */
  onConnect: (input: ConnectHubSpotInput) => void;
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
export function HubSpotSection({
  status,
  busy,
  message,
  onConnect,
  onDisconnect,
  onKeepUpToDate,
  syncing = false,
  onSyncNow,
  onOpenLeads,
  allowBaseUrl = LOOPBACK_ALLOWED,
}: HubSpotSectionProps) {
  const connected = status?.connected === true;

  return (
    <section aria-labelledby="hubspot-heading" className="card">
      <h2 id="hubspot-heading">HubSpot</h2>
      <p className="help">
        Send leads to your team’s HubSpot and see who is already there. Use a private app or service key token with the
        crm.objects.contacts.read/write and crm.objects.companies.read/write scopes.
      </p>
      {connected && <p>Connected to HubSpot portal {status.portalId}.</p>}
      {status?.problem && (
        <p role="alert" className="notice notice--danger">
          {status.problem}
        </p>
      )}
      <HubSpotConnectForm
        connected={connected}
        busy={busy}
        initialMarkPeople={status?.markPeople ?? false}
        allowBaseUrl={allowBaseUrl}
        onConnect={onConnect}
        onDisconnect={onDisconnect}
      />
      {connected && (
        <HubSpotSync
          status={status}
          busy={busy}
          syncing={syncing}
          onKeepUpToDate={onKeepUpToDate}
          onSyncNow={onSyncNow}
          onOpenLeads={onOpenLeads}
        />
      )}
      <p role="status" className="message">
        {busy ? 'Checking the token with HubSpot…' : syncing ? 'Syncing with HubSpot…' : message?.tone === 'ok' ? message.text : ''}
      </p>
      {!busy && !syncing && message?.tone === 'error' && (
        <p role="alert" className="message message-error">
          {message.text}
        </p>
      )}
    </section>
  );
}

import { HUBSPOT_HOST_PERMISSION } from '@/lib/crm/hubspot/paths';
import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { connectHubSpot, type ConnectHubSpotInput } from '@/components/options/connect-hubspot';
import { sendMessage, type MessageResponse } from '@/lib/messaging/protocol';

export interface HubSpotHandle {
  status: MessageResponse<'hubspotStatus'> | null;
  busy: boolean;
  message: { tone: 'ok' | 'error'; text: string } | null;
  /** Call from the Connect submit event: the permission is requested in it. */
  connect: (input: ConnectHubSpotInput) => void;
  disconnect: () => void;
}

/** The options page's HubSpot connection: status from the background (never the token), Connect and Disconnect. */
export function useHubSpot(): HubSpotHandle {
  const [status, setStatus] = useState<HubSpotHandle['status']>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<HubSpotHandle['message']>(null);
  const refresh = useCallback(async () => {
    try {
      setStatus(await sendMessage('hubspotStatus'));
    } catch {
      setStatus(null);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);

  return {
    status,
    busy,
    message,
    connect: (input) => {
      setBusy(true);
      // Synchronously into the permission request: no await before it.
      void connectHubSpot(input, {
        requestOrigin: (origin) => browser.permissions.request({ origins: [`${origin}/*`] }),
        send: (data) => sendMessage('connectHubSpot', data),
      }).then(async (out) => {
        setMessage(
          out.ok
            ? {
                tone: 'ok',
                text: `HubSpot connected (portal ${out.portalId}).${out.missingProperties.length ? ` Not created: ${out.missingProperties.join(', ')} (LinkedIn URLs and Telegram handles are not sent).` : ''}`,
              }
            : { tone: 'error', text: out.message },
        );
        await refresh();
        setBusy(false);
      });
    },
    disconnect: () => {
      setBusy(true);
      void sendMessage('disconnectHubSpot')
        // The fewest permissions: the access to HubSpot asked for at Connect is given back too.
        .then(() => browser.permissions.remove({ origins: [HUBSPOT_HOST_PERMISSION] }).catch(() => false))
        .then(() => setMessage({ tone: 'ok', text: 'HubSpot disconnected: the token is forgotten and the access to HubSpot given back.' }))
        .catch(() => setMessage({ tone: 'error', text: 'The extension’s background did not answer.' }))
        .then(refresh)
        .finally(() => setBusy(false));
    },
  };
}

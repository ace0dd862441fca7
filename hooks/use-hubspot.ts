import { HUBSPOT_HOST_PERMISSION } from '@/lib/crm/hubspot/paths';
import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { HubSpotSectionProps } from '@/components/options/hubspot-section';
import { checkHubSpotBase } from '@/lib/crm/hubspot/base-url';
import { syncedText } from '@/lib/crm/crm-text';
import { BACKGROUND_NO_ANSWER, hubspotConnectedText } from '@/lib/messages/texts';
import { sendMessage, type MessageData, type MessageResponse } from '@/lib/messaging/protocol';
import { originGranted } from './use-account';

/** While "Keep HubSpot up to date" is on, the last-sync line is read again this often (a local read, free). */
const SYNC_POLL_MS = 20_000;

/** The worker's own words when it answered with an error; else it did not answer. */
const failure = (e: unknown) => (e instanceof Error && e.message && e.message !== 'No response' ? e.message : BACKGROUND_NO_ANSWER);

/**
 * The Connect click: the host permission for HubSpot's API is requested first (nothing awaited before
 * it, so the click's user gesture still holds), then the background checks the token with a free read
 * and stores it. Plain http to this computer's emulator (test builds) needs no permission: the build grants it.
 */
export async function connectHubSpot(input: Required<MessageData<'connectHubSpot'>>): Promise<MessageResponse<'connectHubSpot'>> {
  const baseUrl = checkHubSpotBase(input.baseUrl.trim());
  if (!baseUrl) return { ok: false, message: 'That HubSpot API base URL is not allowed.' };
  const origin = new URL(baseUrl).origin;
  if (origin.startsWith('https:') && !(await originGranted(origin))) {
    return { ok: false, message: `HubSpot was not connected: the browser did not allow access to ${new URL(origin).host}.` };
  }
  return sendMessage('connectHubSpot', { ...input, baseUrl }).catch(() => ({
    ok: false,
    message: 'The extension’s background did not answer. HubSpot was not connected.',
  }));
}

/** The HubSpot section's state and events, named as the section takes them. */
export type HubSpotHandle = Required<Omit<HubSpotSectionProps, 'onOpenLeads' | 'allowBaseUrl'>>;

/**
 * The options page's HubSpot connection: status from the background (never the token), Connect and
 * Disconnect, and "Keep HubSpot up to date" with its last run (read again every 20 s while it is on, so
 * a run on the worker's alarm shows without a reload).
 */
export function useHubSpot(): HubSpotHandle {
  const [status, setStatus] = useState<HubSpotHandle['status']>(null);
  const [busy, setBusy] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [keepPending, setKeepPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState<HubSpotHandle['message']>(null);
  const refresh = useCallback(async () => {
    try {
      setStatus(await sendMessage('hubspotStatus'));
    } catch {
      setStatus(null);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);

  const keepOn = status?.connected === true && status.keepUpToDate;
  useEffect(() => {
    if (!keepOn) return;
    const timer = setInterval(() => document.visibilityState === 'visible' && void refresh(), SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [keepOn, refresh]);

  return {
    status: status && keepPending !== null ? { ...status, keepUpToDate: keepPending } : status,
    busy,
    syncing,
    message,
    onConnect: (input) => {
      setBusy(true);
      // Synchronously into the permission request: no await before it.
      void connectHubSpot(input).then(async (out) => {
        setMessage(
          out.ok ? { tone: 'ok', text: hubspotConnectedText(out.portalId, out.missingProperties) } : { tone: 'error', text: out.message },
        );
        await refresh();
        setBusy(false);
      });
    },
    onDisconnect: () => {
      setBusy(true);
      void sendMessage('disconnectHubSpot')
        // The fewest permissions: the access to HubSpot asked for at Connect is given back too.
        .then(() => browser.permissions.remove({ origins: [HUBSPOT_HOST_PERMISSION] }).catch(() => false))
        .then(() => setMessage({ tone: 'ok', text: 'HubSpot disconnected: the token is forgotten and the access to HubSpot given back.' }))
        .catch(() => setMessage({ tone: 'error', text: BACKGROUND_NO_ANSWER }))
        .then(refresh)
        .finally(() => setBusy(false));
    },
    onKeepUpToDate: (on) => {
      setKeepPending(on);
      sendMessage('setHubSpotSync', { keepUpToDate: on })
        .then(setStatus)
        .catch((e: unknown) => setMessage({ tone: 'error', text: failure(e) }))
        .finally(() => setKeepPending(null));
    },
    onSyncNow: () => {
      setSyncing(true);
      setMessage(null);
      sendMessage('syncHubSpotNow')
        .then((next) => {
          setStatus(next);
          setMessage({ tone: 'ok', text: syncedText(next.lastSync) });
        })
        .catch((e: unknown) => setMessage({ tone: 'error', text: failure(e) }))
        .finally(() => setSyncing(false));
    },
  };
}

import { useEffect, useState } from 'react';
import { ApiKeyForm } from '@/components/options/api-key-form';
import type { FormMessage } from '@/components/options/save-key-message';
import { WelcomeView, type WelcomeAccount } from '@/components/welcome/welcome-view';
import { useStorageValue } from '@/hooks/use-storage-value';
import { sendMessage } from '@/lib/messaging/protocol';
import { DEFAULT_API_BASE_URL } from '@/lib/settings';
import { meterItem } from '@/lib/tab-state/items';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { openProspectPage } from '@/lib/prospect/prospect-page';
import { saveApiKey } from '@/components/options/save-api-key';

/** First-run page (opened once on install): the options page's key form and Save flow, on one screen. */
export function WelcomeApp() {
  const [baseUrl, setBaseUrl] = useState(DEFAULT_API_BASE_URL);
  const [hasKey, setHasKey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [connected, setConnected] = useState<WelcomeAccount | null>(null);
  // The prices it quotes: the stored meter's once a key was saved (read from storage only: this page,
  // opened on install, asks the worker for nothing it does not need).
  const prices = pricesOf(useStorageValue(meterItem));

  useEffect(() => {
    void sendMessage('getAccount')
      .then((state) => {
        setBaseUrl(state.hasKey ? state.baseUrl : DEFAULT_API_BASE_URL);
        setHasKey(state.hasKey);
        if (state.hasKey && state.account) setConnected(toWelcomeAccount(state.account));
      })
      .catch(() =>
        setMessage({ tone: 'error', text: "The extension's background is not answering. Reload the extension and open this page again." }),
      );
  }, []);

  // Straight from the Save submit event: saveApiKey asks for the host permission before its first await.
  function onSave(input: { apiKey: string; baseUrl: string }) {
    setBusy(true);
    setMessage(null);
    void saveApiKey(input, {
      requestOrigin: (origin) => browser.permissions.request({ origins: [`${origin}/*`] }),
      send: (payload) => sendMessage('saveApiKey', payload),
    }).then((result) => {
      if (result.ok) {
        setHasKey(true);
        setBaseUrl(result.outcome.baseUrl);
        setConnected(toWelcomeAccount(result.outcome.account));
      } else setMessage({ tone: 'error', text: result.message });
      setBusy(false);
    });
  }

  return (
    <WelcomeView
      connected={connected}
      onOpenOptions={() => void browser.runtime.openOptionsPage()}
      onOpenProspects={openProspectPage}
      prices={prices}
    >
      <ApiKeyForm
        initialBaseUrl={baseUrl}
        hasKey={hasKey}
        busy={busy}
        message={message}
        onSave={onSave}
        onRemove={() => undefined}
        guidance={false}
      />
    </WelcomeView>
  );
}

function toWelcomeAccount(account: {
  name?: string | null;
  email?: string | null;
  tier?: string | null;
  creditsBalance: number;
  sampleMode?: boolean;
}): WelcomeAccount {
  return {
    who: account.name || account.email || null,
    tier: account.tier ?? null,
    balance: account.creditsBalance,
    sampleMode: account.sampleMode === true,
  };
}

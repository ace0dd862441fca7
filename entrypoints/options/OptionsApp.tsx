import { useCallback, useEffect, useRef, useState } from 'react';
import { AccountSummary } from '@/components/options/AccountSummary';
import { ApiKeyForm } from '@/components/options/ApiKeyForm';
import { hostOf } from '@/components/options/base-url-check';
import { BaseUrlProposal } from '@/components/options/BaseUrlProposal';
import { BudgetSettingsForm } from '@/components/options/BudgetSettingsForm';
import { CacheControls } from '@/components/options/CacheControls';
import type { FormMessage } from '@/components/options/save-key-message';
import type { SettingsPatch } from '@/components/options/settings-fields';
import { csvFileName } from '@/components/options/spending-csv';
import { ledgerCsv, revealsCsv } from '@/lib/credits';
import { SpendingSection } from '@/components/options/SpendingSection';
import { formatClock } from '@/components/shared/format';
import type { Account } from '@/lib/api';
import { sendMessage, type Spending } from '@/lib/messaging/protocol';
import { DEFAULT_API_BASE_URL, getSettings, parseSettings, updateSettings, watchSettings, type Settings } from '@/lib/settings';
import { meterItem } from '@/lib/storage/items';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { downloadText } from '@/components/shared/download-file';
import { saveApiKey } from './save-api-key';
import { KEY_REFUSED_LABEL, SAVED_KEY_REFUSED } from '@/lib/messages/texts';

interface AccountState {
  account: Account | null;
  baseUrl: string;
  hasKey: boolean;
}

const NO_ANSWER = "The extension's background is not answering. Reload the extension (chrome://extensions) and open this page again.";

/** Options page wiring: messaging and storage live here; the components only render props. */
export function OptionsApp() {
  const [accountState, setAccountState] = useState<AccountState | null>(null);
  /** /v1/me named another https address: shown, and used only if the user confirms. */
  const [proposal, setProposal] = useState<string | null>(null);
  const [refusedBaseUrl, setRefusedBaseUrl] = useState<string | undefined>();
  // The key just checked, held only until the user answers the proposal (confirming saves it again there).
  const pendingKey = useRef<string | null>(null);
  const [keyMessage, setKeyMessage] = useState<FormMessage | null>(null);
  const [keyBusy, setKeyBusy] = useState(false);
  const [formGeneration, setFormGeneration] = useState(0);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [settingsStatus, setSettingsStatus] = useState<string | null>(null);
  const [meter, setMeter] = useState<CreditMeter | null>(null);
  const [spending, setSpending] = useState<Spending | null>(null);
  const [cleared, setCleared] = useState<number | null>(null);
  const [clearing, setClearing] = useState(false);

  const refreshAccount = useCallback(async () => {
    try {
      setAccountState(await sendMessage('getAccount'));
    } catch {
      setKeyMessage({ tone: 'error', text: NO_ANSWER });
    }
  }, []);

  const refreshSpending = useCallback(async () => {
    try {
      setSpending(await sendMessage('getSpending'));
    } catch {
      // Shown as "loading" until the background answers; the key section reports the outage.
    }
  }, []);

  useEffect(() => {
    void refreshAccount();
    void refreshSpending();
    void getSettings().then(setSettings);
    void meterItem.getValue().then(setMeter);
    const unwatchSettings = watchSettings(setSettings);
    const unwatchMeter = meterItem.watch((value) => setMeter(value));
    return () => {
      unwatchSettings();
      unwatchMeter();
    };
  }, [refreshAccount, refreshSpending]);

  // Every spend moves the meter: re-read the ledger then (a local read, no API call), at most every second.
  const spendingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (meter?.spentToday === undefined) return; // no meter yet
    clearTimeout(spendingTimer.current);
    spendingTimer.current = setTimeout(() => void refreshSpending(), 1000);
    return () => clearTimeout(spendingTimer.current);
  }, [meter?.spentToday, meter?.balance, refreshSpending]);

  // Called from the Save submit event (or the proposal's Switch click): saveApiKey requests the host
  // permission before its first await.
  function onSave(input: { apiKey: string; baseUrl: string }, switching = false) {
    setKeyBusy(true);
    setKeyMessage(null);
    setProposal(null);
    pendingKey.current = null;
    void saveApiKey(input, {
      requestOrigin: (origin) => browser.permissions.request({ origins: [`${origin}/*`] }),
      send: (payload) => sendMessage('saveApiKey', payload),
    }).then(async (result) => {
      if (result.ok) {
        const { outcome } = result;
        setAccountState({ account: outcome.account, baseUrl: outcome.baseUrl, hasKey: true });
        setRefusedBaseUrl(outcome.refusedBaseUrl);
        if (outcome.proposedBaseUrl) {
          pendingKey.current = input.apiKey;
          setProposal(outcome.proposedBaseUrl);
        }
        setKeyMessage({
          tone: 'success',
          text: switching
            ? `Switched: calls now go to ${hostOf(outcome.baseUrl)}. The key was checked there with a free call: 0 credits charged.`
            : 'Key saved. It was checked with a free call: 0 credits charged.',
        });
        setFormGeneration((n) => n + 1);
        void refreshSpending();
      } else {
        if (switching) {
          // The key stays saved for the current address; the question stays open.
          pendingKey.current = input.apiKey;
          setProposal(input.baseUrl);
          const why = result.message.replace(/\s*The key was not saved\.\s*/, ' ').trim();
          setKeyMessage({ tone: 'error', text: `Not switched to ${hostOf(input.baseUrl)}; calls still go to ${hostOf(accountState?.baseUrl ?? '')}. ${why}` });
        } else setKeyMessage({ tone: 'error', text: result.message });
        await refreshAccount(); // whatever key was stored before is still the one in use
      }
      setKeyBusy(false);
    });
  }

  async function onRemove() {
    setKeyBusy(true);
    try {
      await sendMessage('removeApiKey');
      setRefusedBaseUrl(undefined);
      setProposal(null);
      pendingKey.current = null;
      setKeyMessage({ tone: 'info', text: "Key removed, together with this account's cached answers." });
      setFormGeneration((n) => n + 1);
    } catch {
      setKeyMessage({ tone: 'error', text: NO_ANSWER });
    }
    await refreshAccount();
    await refreshSpending();
    setKeyBusy(false);
  }

  async function onSettingsChange(patch: SettingsPatch) {
    // Show the change at once (a controlled checkbox must not flip back while storage is written).
    setSettings((current) => (current ? parseSettings({ ...current, ...patch }) : current));
    try {
      setSettings(await updateSettings(patch));
      setSettingsStatus(`Saved at ${formatClock(Date.now())}.`);
    } catch {
      setSettingsStatus('Could not save the setting. Try again.');
    }
  }

  async function onClearCache() {
    setClearing(true);
    try {
      const result = await sendMessage('clearCache');
      setCleared(result.cleared);
    } catch {
      setKeyMessage({ tone: 'error', text: NO_ANSWER });
    }
    setClearing(false);
  }

  function onExportSpending() {
    if (spending) downloadText(csvFileName('spending', Date.now()), ledgerCsv(spending.entries));
  }

  function onExportReveals() {
    if (spending) downloadText(csvFileName('revealed-contacts', Date.now()), revealsCsv(spending.reveals));
  }

  // The user's answer to /v1/me's other address. Switching re-runs the Save flow for that address with
  // the same key (host permission asked in this click, then GET /v1/me there); keeping forgets it.
  function onAcceptProposal() {
    const apiKey = pendingKey.current;
    if (!apiKey || !proposal) return;
    onSave({ apiKey, baseUrl: proposal }, true);
  }

  function onKeepBaseUrl() {
    pendingKey.current = null;
    setProposal(null);
    setKeyMessage({ tone: 'info', text: `Kept ${hostOf(accountState?.baseUrl ?? '')}: the key is not sent to the other address.` });
  }

  const baseUrl = accountState?.baseUrl || settings?.apiBaseUrl || DEFAULT_API_BASE_URL;
  const account = accountState?.account ?? null;

  return (
    <main className="options">
      <h1>Crypto Directory settings</h1>
      <ApiKeyForm
        key={formGeneration}
        initialBaseUrl={baseUrl}
        hasKey={accountState?.hasKey ?? false}
        storedKeyPrefix={account?.apiKey.prefix}
        busy={keyBusy}
        message={keyMessage}
        onSave={onSave}
        onRemove={() => void onRemove()}
      />
      {proposal && accountState?.hasKey && (
        <BaseUrlProposal current={accountState.baseUrl} proposed={proposal} busy={keyBusy} onAccept={onAcceptProposal} onKeep={onKeepBaseUrl} />
      )}
      {accountState?.hasKey && meter?.keyRejected && (
        <p role="alert" className="notice notice--danger" aria-label={KEY_REFUSED_LABEL}>
          {SAVED_KEY_REFUSED} The account below is what the key showed when it last worked.
        </p>
      )}
      {account && accountState?.hasKey && (
        <AccountSummary
          account={account}
          baseUrl={accountState.baseUrl}
          refusedBaseUrl={refusedBaseUrl}
          balance={meter?.hasKey && meter.balance !== null ? meter.balance : undefined}
        />
      )}
      {settings ? (
        <BudgetSettingsForm settings={settings} onChange={(patch) => void onSettingsChange(patch)} status={settingsStatus} />
      ) : (
        <p role="status">Loading settings…</p>
      )}
      <SpendingSection
        spending={spending}
        dailyBudget={settings?.dailyBudget ?? meter?.dailyBudget ?? 0}
        onExportSpending={onExportSpending}
        onExportReveals={onExportReveals}
      >
        <h3>Cache</h3>
        <CacheControls onClear={() => void onClearCache()} busy={clearing} cleared={cleared} />
      </SpendingSection>
    </main>
  );
}

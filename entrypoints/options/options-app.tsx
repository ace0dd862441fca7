import { KeySection } from '@/components/options/key-section';
import { HubSpotSection } from '@/components/options/hubspot-section';
import { useHubSpot } from '@/hooks/use-hubspot';
import { SettingsSection } from '@/components/options/settings-section';
import { OutreachSection } from '@/components/options/outreach-section';
import { csvFileName } from '@/components/options/spending-csv';
import { CacheControls } from '@/components/options/cache-controls';
import { DeleteAllSection } from '@/components/options/delete-all-section';
import { SpendingSection } from '@/components/options/spending-section';
import { downloadText } from '@/components/shared/download-file';
import { useAccount } from '@/hooks/use-account';
import { useClearCache } from '@/hooks/use-clear-cache';
import { useDeleteAll } from '@/hooks/use-delete-all';
import { useMeter } from '@/hooks/use-meter';
import { useSettings } from '@/hooks/use-settings';
import { useOutreach } from '@/hooks/use-outreach';
import { useSpending } from '@/hooks/use-spending';
import { ledgerCsv, revealsCsv } from '@/lib/credits';
import { openLeadsPage } from '@/lib/leads/leads-page';
import { FIND_PROSPECTS, openProspectPage } from '@/lib/prospect/prospect-page';
import { DEFAULT_API_BASE_URL } from '@/lib/settings';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { PRIVACY_PAGE } from '@/lib/privacy/privacy-page';

/** Options page wiring: the hooks hold messaging and storage; the sections only render props. */
export function OptionsApp() {
  const meter = useMeter();
  const prices = pricesOf(meter);
  const { spending, refresh: refreshSpending } = useSpending(meter);
  const account = useAccount(refreshSpending);
  const { settings, update: updateSettings } = useSettings();
  const cache = useClearCache(account.reportNoAnswer);
  const wipe = useDeleteAll();
  const hubspot = useHubSpot();
  const outreach = useOutreach();

  const exportCsv = (name: Parameters<typeof csvFileName>[0], csv: string) => downloadText(csvFileName(name, Date.now()), csv);
  const hasKey = account.state?.hasKey ?? false;

  return (
    <main className="options">
      <h1>Crypto Directory settings</h1>
      <p>
        <button type="button" className="link-button" onClick={() => openLeadsPage()}>
          Leads
        </button>
        : the people you saved, with their status, notes and follow-ups.
      </p>
      <p>
        <button type="button" className="link-button" onClick={openProspectPage}>
          {FIND_PROSPECTS}
        </button>
        : build a list of people, projects, funds or service providers from the directory, priced before each search.
      </p>
      <KeySection
        // Where the saved key goes, as the worker holds it with the key; the build default only pre-fills a first key.
        baseUrl={account.state?.hasKey ? account.state.baseUrl : DEFAULT_API_BASE_URL}
        hasKey={hasKey}
        account={account.state?.account ?? null}
        refusedBaseUrl={account.refusedBaseUrl}
        proposal={account.proposal}
        keyRejected={meter?.keyRejected === true}
        balance={meter?.hasKey && meter.balance !== null ? meter.balance : undefined}
        prices={prices}
        busy={account.busy}
        message={account.message}
        formGeneration={account.formGeneration}
        onSave={account.save}
        onRemove={() => void account.remove()}
        onAcceptProposal={account.acceptProposal}
        onKeepBaseUrl={account.keepBaseUrl}
      />
      <HubSpotSection
        // Remounted once the status arrives, so the opt-in shows what is stored.
        key={hubspot.status ? `hs-${hubspot.status.markPeople}` : 'hs'}
        status={hubspot.status}
        busy={hubspot.busy}
        message={hubspot.message}
        onConnect={hubspot.connect}
        onDisconnect={hubspot.disconnect}
        onKeepUpToDate={hubspot.setKeepUpToDate}
        syncing={hubspot.syncing}
        onSyncNow={hubspot.syncNow}
        onOpenLeads={() => openLeadsPage()}
      />
      <SettingsSection settings={settings} onChange={updateSettings} prices={prices} meter={meter} />
      <OutreachSection outreach={outreach.outreach} onSave={outreach.save} />
      <SpendingSection
        spending={spending}
        // The meter's numbers (today's raise included), so this page says what the meter says.
        today={meter ? { spent: meter.spentToday, budget: meter.dailyBudget } : null}
        onExportSpending={() => spending && exportCsv('spending', ledgerCsv(spending.entries))}
        onExportReveals={() => spending && exportCsv('revealed-contacts', revealsCsv(spending.reveals))}
      >
        <h3>Cache</h3>
        <CacheControls onClear={() => void cache.clear()} busy={cache.busy} cleared={cache.cleared} />
      </SpendingSection>
      <DeleteAllSection
        open={wipe.open}
        onOpenChange={wipe.setOpen}
        stored={wipe.stored}
        held={{ apiKey: hasKey, hubspot: hubspot.status?.connected === true }}
        onBackUp={() => void wipe.backUp()}
        backingUp={wipe.backingUp}
        backup={wipe.backup}
        onDelete={() => void wipe.deleteAll()}
        busy={wipe.busy}
        error={wipe.error}
        privacyHref={PRIVACY_PAGE}
      />
    </main>
  );
}

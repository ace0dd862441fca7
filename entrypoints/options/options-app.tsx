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
import { ledgerCsv } from '@/lib/credits/ledger';
import { revealsCsv } from '@/lib/credits/reveals';
import { openLeadsPage } from '@/lib/leads/leads-page';
import { FIND_PROSPECTS, openProspectPage } from '@/lib/prospect/prospect-page';
import { pricesOf } from '@/lib/tab-state/meter-prices';

/** Options page wiring: the hooks hold messaging and storage, named as the sections take them; the sections only render props. */
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
      <KeySection {...account} meter={meter} prices={prices} />
      <HubSpotSection
        // Remounted once the status arrives, so the opt-in shows what is stored.
        key={hubspot.status ? `hs-${hubspot.status.markPeople}` : 'hs'}
        {...hubspot}
        onOpenLeads={() => openLeadsPage()}
      />
      <SettingsSection settings={settings} onChange={updateSettings} prices={prices} meter={meter} />
      <OutreachSection {...outreach} />
      <SpendingSection
        spending={spending}
        // The meter's numbers (today's raise included), so this page says what the meter says.
        today={meter ? { spent: meter.spentToday, budget: meter.dailyBudget } : null}
        onExportSpending={() => spending && exportCsv('spending', ledgerCsv(spending.entries))}
        onExportReveals={() => spending && exportCsv('revealed-contacts', revealsCsv(spending.reveals))}
      >
        <h3>Cache</h3>
        <CacheControls {...cache} />
      </SpendingSection>
      <DeleteAllSection {...wipe} held={{ apiKey: account.hasKey, hubspot: hubspot.status?.connected === true }} />
    </main>
  );
}

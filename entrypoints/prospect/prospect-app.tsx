import { ProspectView } from '@/components/prospect/prospect-view';
import { useMeter } from '@/hooks/use-meter';
import { useProspectForm } from '@/hooks/use-prospect-form';
import { useProspectSearch } from '@/hooks/use-prospect-search';
import { useSettings } from '@/hooks/use-settings';
import { useLeadStatuses } from '@/lib/leads/page-leads';
import { pricesOf } from '@/lib/tab-state/meter-prices';

/** Prospect page wiring: the meter's prices, the worker's answers, the leads database's statuses. */
export function ProspectApp() {
  const meter = useMeter();
  const { settings } = useSettings();
  const p = useProspectSearch();
  const form = useProspectForm(meter?.accountId, p.search);
  const statuses = useLeadStatuses(p.allPeople.map((person) => person.id));

  return (
    <ProspectView
      meter={meter}
      prices={pricesOf(meter)}
      cacheHours={settings?.cacheTtlHours ?? null}
      form={form}
      statuses={statuses}
      results={p}
    />
  );
}

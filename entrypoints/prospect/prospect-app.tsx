import { useState } from 'react';
import { ProspectView } from '@/components/prospect/prospect-view';
import { useMeter } from '@/hooks/use-meter';
import { useProspectSearch } from '@/hooks/use-prospect-search';
import { useSettings } from '@/hooks/use-settings';
import { useLeadStatuses } from '@/lib/leads/page-leads';
import { EMPTY_FORM, queryOf, type ProspectForm } from '@/lib/prospect/filters';
import { pricesOf } from '@/lib/tab-state/meter-prices';

/** Prospect page wiring: the meter's prices, the worker's answers, the leads database's statuses. */
export function ProspectApp() {
  const meter = useMeter();
  const { settings } = useSettings();
  const [form, setForm] = useState<ProspectForm>(EMPTY_FORM);
  const p = useProspectSearch();
  const statuses = useLeadStatuses(p.allPeople.map((person) => person.id));

  return (
    <ProspectView
      meter={meter}
      prices={pricesOf(meter)}
      cacheHours={settings?.cacheTtlHours ?? null}
      form={form}
      onFormChange={setForm}
      onSearch={() => p.search(queryOf(form))}
      statuses={statuses}
      results={p}
    />
  );
}

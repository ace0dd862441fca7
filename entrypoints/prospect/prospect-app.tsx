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
      vocabulary={p.vocabulary}
      onFormChange={setForm}
      onSearch={() => p.search(queryOf(form))}
      shown={p.shown}
      failure={p.failure}
      onAnyway={p.anyway}
      onNext={p.next}
      teams={p.teams}
      teamPeople={p.teamPeople}
      statuses={statuses}
      selected={p.selected}
      onToggle={p.toggle}
      onToggleAll={p.toggleAll}
      onLoadTeam={p.loadTeam}
      onLoadTeams={p.loadTeams}
      onSave={p.save}
      onExport={(kind) => void p.exportPeople(kind)}
      notice={p.notice}
    />
  );
}

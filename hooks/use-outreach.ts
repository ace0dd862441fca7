/*
 * The rep's outreach settings (templates, who they sign as, follow-up days), kept with the leads
 * (lib/leads/lead-store.ts `outreach`) and read live: a save on the options page reaches an open panel's
 * card at once.
 */
import type { LeadStore } from '@/lib/leads/lead-store';
import { pageLeads, useLeadsQuery } from '@/lib/leads/page-leads';
import type { OutreachSettings } from '@/lib/settings/outreach-settings';
import type { OutreachSectionProps } from '@/components/options/outreach-section';

/** Named as the options page's section takes them; `onSave` resolves false when the database refused. */
export function useOutreach(store?: LeadStore): OutreachSectionProps {
  const outreach = useLeadsQuery((l) => l.outreach(), 'outreach', store);
  const onSave = (next: OutreachSettings) =>
    (store ?? pageLeads()).saveOutreach(next).then(
      () => true,
      () => false,
    );
  return { outreach, onSave };
}

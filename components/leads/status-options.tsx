import { LEAD_STATUSES } from '@/lib/leads/lead';

/** The seven statuses as a select's options, in pipeline order (the lead's "Status", the filter, the bulk change). */
export function StatusOptions() {
  return LEAD_STATUSES.map((s) => (
    <option key={s.id} value={s.id}>
      {s.label}
    </option>
  ));
}

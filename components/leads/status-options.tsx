import { LEAD_STATUSES } from '@/lib/leads/lead';
import { Options } from '@/components/shared/options';

/** The seven statuses as a select's options, in pipeline order (the lead's "Status", the filter, the bulk change). */
export const StatusOptions = () => <Options of={LEAD_STATUSES} />;

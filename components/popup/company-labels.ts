import type { Project } from '@/lib/api';
import { COMPANY_TYPE_LABELS } from '@/components/sidepanel/organization-kind';

// The popup and the prospect page list a fund as a "Fund", as the panel's card is titled.
const LABELS = { ...COMPANY_TYPE_LABELS, investor: 'Fund' };

/** What kind of company a row is; older API versions do not say (→ "Company"). */
export function companyTypeLabel(type: Project['companyType']): string {
  return type ? LABELS[type] : 'Company';
}

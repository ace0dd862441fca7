// The HubSpot preview's pieces as tests build them (lib/crm/crm.ts): a teammate's Mei Tanaka at Harborline, and a plan item.
import type { CrmCandidate, CrmPlanItem } from '@/lib/crm/crm';

/** A contact HubSpot holds: by default a teammate's Mei Tanaka (owner Mia Owner, In Progress), nothing of hers ours would change. */
export const aCandidate = (over: Partial<CrmCandidate> = {}): CrmCandidate => ({
  contactId: '11',
  name: 'Mei Tanaka',
  owner: 'Mia Owner',
  leadStatus: 'In Progress',
  jobTitle: 'Head of BD',
  company: 'Harborline',
  email: 'mei@harborline.example',
  conflicts: [],
  ...over,
});

/** One lead of a plan: nothing found, nothing to decide, no company to create, unless `over` says otherwise. */
export const aPlanItem = (over: Partial<CrmPlanItem> & Pick<CrmPlanItem, 'action'>): CrmPlanItem => ({
  personId: 'p',
  name: 'Mei Tanaka',
  contact: null,
  matchedBy: null,
  candidates: [],
  conflicts: [],
  newCompany: null,
  ...over,
});

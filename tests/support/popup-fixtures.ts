import { PersonSchema, ProjectSchema, type Person, type Project, type SampleInfo } from '../../lib/api';
import type { CreditMeter } from '../../lib/tab-state/tab-state';
import type { SearchSuccess } from '../../components/popup/search-state';

export const quantLayer: Project = ProjectSchema.parse({ id: 'cmp_q', name: 'QuantLayer', companyType: 'project', ticker: 'QLR' });
export const meridian: Project = ProjectSchema.parse({ id: 'cmp_m', name: 'Meridian Ventures', companyType: 'investor', ticker: null });

export const ada: Person = PersonSchema.parse({
  id: 'per_ada',
  firstName: 'Ada',
  lastName: 'Lindqvist',
  jobTitle: 'Co-founder & CEO',
  company: quantLayer,
  hasEmail: true,
  hasTelegram: true,
  hasPhone: false,
  hasLinkedin: true,
  // Never on search rows, but if a value ever slipped through it must not be shown.
  email: 'ada@quantlayer.xyz',
});

export const mei: Person = PersonSchema.parse({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka', hasEmail: true, hasTelegram: true, hasPhone: false, hasLinkedin: false });

export const sample: SampleInfo = {
  notice: 'NOT REAL DATA. This is a sample: your balance is 0 credits and this call costs 5 credits.',
  creditsRequired: 5,
  creditsBalance: 0,
  topUpNeeded: 5,
  upgradeUrl: 'https://directory.example/pricing',
};

export function result(over: Partial<SearchSuccess> = {}): SearchSuccess {
  return { ok: true, q: 'ada', people: [ada, mei], projects: [quantLayer, meridian], sample: null, creditsCharged: 5, fromCache: false, ...over };
}

export const meter: CreditMeter = {
  hasKey: true,
  accountName: 'Priya Pro',
  tier: 'pro',
  balance: 6000,
  spentToday: 10,
  dailyBudget: 150,
  lowBalanceWarning: 50,
  sampleMode: false,
  halted402: false,
};

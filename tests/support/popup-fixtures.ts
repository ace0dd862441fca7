// The popup's search scenario, built from the shared records: a founder with a withheld email on file,
// a second person without a company, a project and a fund.
import type { Person, Project, SampleInfo } from '../../lib/api';
import type { CreditMeter } from '../../lib/tab-state/tab-state';
import type { SearchSuccess } from '../../components/popup/search-state';
import { aFundProject, aMeter, aPerson, aProject, aSample } from './records';

export const quantLayer: Project = aProject({ id: 'cmp_q' });
export const meridian: Project = aFundProject({ id: 'cmp_m' });

export const ada: Person = aPerson({
  jobTitle: 'Co-founder & CEO',
  company: quantLayer,
  hasPhone: false,
  hasLinkedin: true,
  // Never on search rows, but if a value ever slipped through it must not be shown.
  email: 'ada@quantlayer.xyz',
});

export const mei: Person = aPerson({
  id: 'per_mei',
  slug: 'mei-tanaka',
  firstName: 'Mei',
  lastName: 'Tanaka',
  jobTitle: null,
  twitterHandle: null,
  avatarUrl: null,
  isCreator: false,
  companyId: null,
  company: null,
  hasPhone: false,
});

export const sample: SampleInfo = aSample();

export function result(over: Partial<SearchSuccess> = {}): SearchSuccess {
  return {
    ok: true,
    q: 'ada',
    people: [ada, mei],
    projects: [quantLayer, meridian],
    sample: null,
    creditsCharged: 5,
    fromCache: false,
    ...over,
  };
}

export const meter: CreditMeter = aMeter({ balance: 6000 });

import type { CompanyType, Project } from '@/lib/api';

const COMPANY_TYPE_LABELS: Readonly<Record<CompanyType, string>> = {
  project: 'Project',
  investor: 'Fund',
  platform: 'Platform',
  launchpad: 'Launchpad',
  service: 'Service provider',
  institution: 'Institution',
};

/** What kind of company a row is; older API versions do not say (→ "Company"). */
export function companyTypeLabel(type: Project['companyType']): string {
  return type ? COMPANY_TYPE_LABELS[type] : 'Company';
}

/** "$QLR", "No ticker" when the API says none is recorded, null when this API version does not serve tickers. */
export function tickerLabel(ticker: Project['ticker']): string | null {
  if (ticker === undefined) return null;
  return ticker ? `$${ticker}` : 'No ticker';
}

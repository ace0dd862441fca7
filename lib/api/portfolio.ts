/*
 * The portfolio row's `company` has no stated shape; read a display name from whatever arrived.
 */
import type { PortfolioRow } from './schemas';

export function portfolioCompanyName(row: Pick<PortfolioRow, 'company'>): string | null {
  const company = row.company;
  if (typeof company === 'string') return company.trim() === '' ? null : company;
  if (typeof company === 'object' && company !== null && 'name' in company) {
    const name = company.name;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  }
  return null;
}

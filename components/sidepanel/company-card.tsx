/*
 * CompanyCard — the `region` "Company" (or "Service" for a service provider, platform or launchpad):
 * logo, name, type, ticker, lifecycle warning, token status (launched / not launched / unknown),
 * sectors, chains, size, AI summary, links, and the team on demand.
 */
import type { Ref } from 'react';
import type { Person, Project } from '@/lib/api';
import type { DetailSlot, OrganizationDetail } from '@/lib/tab-state/tab-state';
import type { SendAction } from '@/components/shared/send-once';
import { SafeImage } from '@/components/shared/safe-image';
import { DetailSection } from './detail-section';
import { LifecycleWarning } from './lifecycle-warning';
import { AiSummary, SectorChips, TextFact } from './org-facts';
import { OrgLinks } from './org-links';
import { COMPANY_TYPE_LABELS, organizationRegion } from './organization-kind';
import { TeamList } from './team-list';
import { TokenStatus } from './token-status';
import type { LeadRows } from '@/components/shared/save-lead';
import { SafeText } from '@/components/shared/safe-text';

export interface CompanyCardProps {
  /** The search row or `person.company` */
  company: Project;
  /** Project/service detail (fresher record + team) */
  detail?: DetailSlot<OrganizationDetail>;
  /** "Load team · N credits" (absent: no button) */
  onLoadTeam?: SendAction;
  /** What loading the team costs: the account's price for this organisation's detail call. */
  price: number;
  /** Open a team member in the panel. */
  onShowPerson?: (person: Person) => void;
  /** Save buttons and Saved marks on the team. */
  leads?: LeadRows | undefined;
  /** The person card moves focus here. */
  ref?: Ref<HTMLElement>;
}

function detailRecord(detail: DetailSlot<OrganizationDetail> | undefined): Project | null {
  if (detail?.status !== 'loaded') return null;
  const v = detail.value;
  return v.kind === 'project' ? v.project : v.kind === 'service' ? v.service : null;
}

/** `size` has no stated type: show text or a number, nothing else. */
function sizeText(size: unknown): string | null {
  return typeof size === 'string' && size.trim() !== '' ? size : typeof size === 'number' ? String(size) : null;
}

export function CompanyCard({ company: row, detail, onLoadTeam, price, onShowPerson, leads, ref }: CompanyCardProps) {
  const company = detailRecord(detail) ?? row;
  const region = organizationRegion(company.companyType, detail?.status === 'loaded' ? detail.value.kind : undefined);
  const size = sizeText(company.size);
  const sectors = company.sectors ?? [];
  const chains = company.chains ?? [];
  return (
    <section aria-label={region} className="card" ref={ref} tabIndex={-1}>
      <header className="card__header">
        <SafeImage src={company.logoUrl} name={company.name} size={40} shape="square" />
        <div className="card__heading">
          <h2 className="card__title">
            <SafeText text={company.name} />
          </h2>
          <p className="card__meta">
            {company.companyType && <span className="chip">{COMPANY_TYPE_LABELS[company.companyType]}</span>}
            {company.ticker && (
              <span className="ticker">
                $<SafeText text={company.ticker} />
              </span>
            )}
          </p>
        </div>
      </header>
      <LifecycleWarning lifecycle={company.lifecycle} kind={region === 'Service' ? 'company' : 'project'} />
      {/* The pitch first: what the company does tells the rep more than its facts table. */}
      <AiSummary text={company.aiSummary} />
      <dl className="facts">
        <dt>Token</dt>
        <dd>
          <TokenStatus tokenLaunched={company.tokenLaunched} ticker={company.ticker} tokenLink={company.tokenLink} />
        </dd>
        <SectorChips sectors={sectors} />
        <TextFact label="Chains" text={chains.join(', ')} />
        <TextFact label="Size" text={size} />
      </dl>
      <OrgLinks record={company} />
      <DetailSection title="Team" slot={detail} loadLabel="Load team" price={price} onLoad={onLoadTeam}>
        {(value) => <TeamList people={value.team} label="Team" onShow={onShowPerson} leads={leads} />}
      </DetailSection>
    </section>
  );
}

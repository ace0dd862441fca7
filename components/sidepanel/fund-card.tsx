/*
 * FundCard — the `region` "Fund": name, logo, firm or angel (`entityKind`), fund type, trust tier and
 * rank, all-time ROI, portfolio count, lifecycle warning, AI summary, links, and on demand
 * ("Load portfolio · 5 credits") the portfolio rows and team.
 *
 * Props:
 *   fund              Project | Investor — the search row / `person.company`, or an investor record
 *   detail?           DetailSlot<OrganizationDetail> — the investor detail (record, team, portfolio)
 *   onLoadPortfolio?  () => void — absent: no button
 *   onShowPerson?     (person) => void — open a team member in the panel
 *   ref?              Ref<HTMLElement>
 */
import type { Ref } from 'react';
import type { Investor, Person, Project } from '../../lib/api';
import type { DetailSlot, OrganizationDetail } from '../../lib/tab-state/tab-state';
import { creditsLabel, formatCredits, formatPercent } from '../shared/format';
import { DATA_CALL_CREDITS } from '../shared/prices';
import { SafeImage } from '../shared/safe-image';
import { DetailSection } from './detail-section';
import { fundFields } from './fund-fields';
import { LifecycleWarning } from './lifecycle-warning';
import { OrgLinks } from './org-links';
import { PeopleList } from './people-list';
import { PortfolioTable } from './portfolio-table';
import { SafeText } from '../shared/safe-text';

export interface FundCardProps {
  fund: Project | Investor;
  detail?: DetailSlot<OrganizationDetail>;
  onLoadPortfolio?: () => void;
  onShowPerson?: (person: Person) => void;
  ref?: Ref<HTMLElement>;
}

export function FundCard({ fund: row, detail, onLoadPortfolio, onShowPerson, ref }: FundCardProps) {
  const loaded = detail?.status === 'loaded' ? detail.value : null;
  const fund: Project | Investor = loaded?.kind === 'investor' ? loaded.investor : row;
  const f = fundFields(fund);
  const portfolioCount = f.portfolioCount ?? (loaded?.kind === 'investor' ? loaded.portfolio.length : null);
  return (
    <section aria-label="Fund" className="card" ref={ref} tabIndex={-1}>
      <header className="card__header">
        <SafeImage src={fund.logoUrl} name={fund.name} size={40} shape={f.entityKind === 'individual' ? 'circle' : 'square'} />
        <div className="card__heading">
          <h2 className="card__title">
            <SafeText text={fund.name} />
          </h2>
          <p className="card__meta">
            {f.entityKind && <span className="chip">{f.entityKind === 'individual' ? 'Angel' : 'Firm'}</span>}
            {f.fundType && <SafeText className="chip" text={f.fundType} />}
          </p>
        </div>
      </header>
      <LifecycleWarning lifecycle={fund.lifecycle} kind="fund" />
      <dl className="facts">
        {(f.trustTier || f.trustTierRank !== null) && (
          <>
            <dt>Trust tier</dt>
            <dd>
              {f.trustTier ? <SafeText text={f.trustTier} /> : '—'}
              {f.trustTierRank !== null && ` (rank ${formatCredits(f.trustTierRank)})`}
            </dd>
          </>
        )}
        {f.fundAllTimeRoiPct !== null && (
          <>
            <dt>All-time ROI</dt>
            <dd>{formatPercent(f.fundAllTimeRoiPct)}</dd>
          </>
        )}
        {portfolioCount !== null && (
          <>
            <dt>Portfolio</dt>
            <dd>{formatCredits(portfolioCount)} companies</dd>
          </>
        )}
      </dl>
      {fund.aiSummary && (
        <p className="summary">
          <span className="summary__label">AI summary</span> <SafeText text={fund.aiSummary} multiline />
        </p>
      )}
      <OrgLinks record={fund} />
      <DetailSection title="Portfolio" slot={detail} loadLabel={`Load portfolio · ${creditsLabel(DATA_CALL_CREDITS)}`} onLoad={onLoadPortfolio}>
        {(value) => (
          <>
            {value.kind === 'investor' ? <PortfolioTable rows={value.portfolio} /> : <p className="muted">No portfolio in this record.</p>}
            <h3 className="detail__title">Team</h3>
            <PeopleList people={value.team} label="Team" onShow={onShowPerson} />
          </>
        )}
      </DetailSection>
    </section>
  );
}

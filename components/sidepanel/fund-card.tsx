/*
 * FundCard — the `region` "Fund". Shown at once from the search row (or `person.company`): name, logo,
 * lifecycle warning, sectors, chains, size, X followers, earlier handles, X account risk, AI summary and
 * links. What only the paid detail has — firm or angel, fund type, trust tier, ROI, portfolio and team —
 * is one priced action, "Load full profile · N credits" (the account's investor detail price), that says what it adds. An angel reads as a
 * person: round avatar, "Angel investor" under the name, and no team of one repeating her.
 */
import type { Ref } from 'react';
import type { Investor, Person, Project } from '@/lib/api';
import { normalizeName } from '@/lib/lookup/normalize-name';
import type { DetailSlot, OrganizationDetail } from '@/lib/tab-state/tab-state';
import { formatCompact, formatCredits, formatPercent, personName as personNameOf } from '@/components/shared/format';
import type { SendAction } from '@/components/shared/send-once';
import { SafeImage } from '@/components/shared/safe-image';
import { SafeText } from '@/components/shared/safe-text';
import { DetailSection } from './detail-section';
import { fundEntityKind, fundFields, missingFromRow } from './fund-fields';
import { LifecycleWarning } from './lifecycle-warning';
import { AiSummary, SectorChips, TextFact } from './org-facts';
import { OrgLinks } from './org-links';
import { TeamList } from './team-list';
import { PortfolioList } from './portfolio-list';
import type { LeadRows } from '@/components/shared/save-lead';

export interface FundCardProps {
  /** The search row / `person.company`, or an investor record. */
  fund: Project | Investor;
  /** The investor detail (record, team, portfolio) */
  detail?: DetailSlot<OrganizationDetail>;
  /** The person whose company this fund is (tells an angel before the detail) */
  personName?: string | null;
  /** Absent: no button. */
  onLoadPortfolio?: SendAction;
  /** What the full profile costs: the account's price for this organisation's detail call. */
  price: number;
  /** Open a team member in the panel. */
  onShowPerson?: (person: Person) => void;
  /** Save buttons and Saved marks on the team. */
  leads?: LeadRows | undefined;
  ref?: Ref<HTMLElement>;
}

/** The row, overlaid with every field the detail record actually has. */
function withKnown(row: Project | Investor, record: Investor): Investor {
  const known = Object.entries(record).filter(([, v]) => v !== null && v !== undefined);
  return { ...row, ...Object.fromEntries(known) } as Investor;
}

/** "a, b and c" */
function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function FundCard({ fund: row, detail, personName, onLoadPortfolio, price, onShowPerson, leads, ref }: FundCardProps) {
  const loaded = detail?.status === 'loaded' ? detail.value : null;
  // The detail's investor record carries the investor fields; the row keeps what the detail omits (sectors, size).
  const fund: Project | Investor = loaded?.kind === 'investor' ? withKnown(row, loaded.investor) : row;
  const f = fundFields(fund);
  const entityKind = fundEntityKind(f, fund.name, personName);
  const angel = entityKind === 'individual';
  const portfolioCount = f.portfolioCount ?? (loaded?.kind === 'investor' ? loaded.portfolio.length : null);
  const fundType = f.fundType && !(angel && normalizeName(f.fundType) === 'angel') ? f.fundType : null;
  const missing = missingFromRow(f, entityKind);

  return (
    <section aria-label="Fund" className="card" ref={ref} tabIndex={-1}>
      <header className="card__header">
        <SafeImage src={fund.logoUrl} name={fund.name} size={angel ? 48 : 40} shape={angel ? 'circle' : 'square'} />
        <div className="card__heading">
          <h2 className="card__title">
            <SafeText text={fund.name} />
          </h2>
          {angel && <p className="card__subtitle">Angel investor</p>}
          <p className="card__meta">
            {entityKind === 'organization' && <span className="chip">Firm</span>}
            {!entityKind && <span className="chip">Fund</span>}
            {fundType && <SafeText className="chip" text={fundType} />}
          </p>
        </div>
      </header>
      <LifecycleWarning lifecycle={fund.lifecycle} kind="fund" />
      <FundFacts f={f} portfolioCount={portfolioCount} angel={angel} />
      <AiSummary text={fund.aiSummary} />
      <OrgLinks record={fund} />
      <DetailSection
        title="Full profile"
        slot={detail}
        loadLabel="Load full profile"
        price={price}
        hint={`Adds ${listText(missing)}.`}
        untitledWhenLoaded
        onLoad={onLoadPortfolio}
      >
        {(value) => {
          // An angel's team is herself: listing her again under her own card says nothing.
          const team = angel ? value.team.filter((p) => normalizeName(personNameOf(p)) !== normalizeName(fund.name)) : value.team;
          return (
            <>
              <h3 className="detail__title">Portfolio</h3>
              {value.kind === 'investor' ? <PortfolioList rows={value.portfolio} /> : <p className="muted">No portfolio in this record.</p>}
              {(!angel || team.length > 0) && (
                <>
                  <h3 className="detail__title">Team</h3>
                  <TeamList people={team} label="Team" onShow={onShowPerson} leads={leads} />
                </>
              )}
            </>
          );
        }}
      </DetailSection>
    </section>
  );
}

/** The facts list: what the row says at once, and the rating, ROI and portfolio size once the detail has them. */
function FundFacts({ f, portfolioCount, angel }: { f: ReturnType<typeof fundFields>; portfolioCount: number | null; angel: boolean }) {
  return (
    <dl className="facts">
      {(f.trustTier || f.trustTierRank !== null) && (
        <>
          {/* The directory's own rating of the fund; the spec names it without a scale, so it is said as theirs. */}
          <dt>Directory trust rating</dt>
          <dd>
            {f.trustTier ? (
              <>
                tier <SafeText text={f.trustTier} />
              </>
            ) : (
              '—'
            )}
            {f.trustTierRank !== null && `, rank ${formatCredits(f.trustTierRank)}`}
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
      <SectorChips sectors={f.sectors} />
      <TextFact label="Chains" text={f.chains.join(', ')} />
      {/* A person has no headcount. */}
      {!angel && <TextFact label="Size" text={f.size} />}
      {f.followers !== null && (
        <>
          <dt>X followers</dt>
          <dd title={formatCredits(f.followers)}>{formatCompact(f.followers)}</dd>
        </>
      )}
      <TextFact label="Formerly" text={f.handleHistory.map((h) => `@${h}`).join(', ')} />
      {/* "low" is no news; anything else is the directory's warning about the X account, said as such. */}
      {f.twitterRisk && f.twitterRisk.trim().toLowerCase() !== 'low' && (
        <TextFact label="X account warning" text={`${f.twitterRisk} risk (directory rating)`} />
      )}
    </dl>
  );
}

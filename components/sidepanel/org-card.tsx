/*
 * The organisation cards: CompanyCard — the `region` "Company" (or "Service" for a service provider,
 * platform or launchpad): logo, name, type, ticker, lifecycle warning, token status (launched / not
 * launched / unknown), sectors, chains, size, earlier X handles, X account risk, AI summary, links, and the
 * team on demand.
 *
 * FundCard — the `region` "Fund". Shown at once from the search row (or `person.company`): name, logo,
 * lifecycle warning, sectors, chains, size, X followers, earlier handles, X account risk, AI summary and
 * links. What only the paid detail has — firm or angel, fund type, trust tier, ROI, portfolio and team —
 * is one priced action, "Load full profile · N credits" (the account's investor detail price), that says what it adds. An angel reads as a
 * person: round avatar, "Angel investor" under the name, and no team of one repeating her.
 *
 * The facts both cards show alike (a `dt`/`dd` of text, the sector chips, the X account facts, the AI
 * summary, the links) live here once (the lifecycle warning in trust-signals.tsx), so the two cards
 * cannot drift apart in markup or wording.
 */
import { useState, type ReactNode, type Ref } from 'react';
import { portfolioCompanyName, type EntityKind, type Investor, type Person, type PortfolioRow, type Project } from '@/lib/api';
import { safeText } from '@/lib/text/safe-text';
import { mergeRecord } from '@/lib/lookup/known-records';
import { normalizeName } from '@/lib/lookup/normalize-name';
import type { DetailSlot, OrganizationDetail } from '@/lib/tab-state/tab-state';
import { formatCompact, formatCredits, formatDate, formatPercent, formatUsd, personName as personNameOf } from '@/components/shared/format';
import { safeHref, websiteHref, xProfileHref } from '@/components/shared/safe-href';
import { SafeImage } from '@/components/shared/safe-image';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import type { LeadRows } from '@/components/shared/save-lead';
import type { SendAction } from '@/components/shared/send-once';
import { DetailSection } from './detail-section';
import { COMPANY_TYPE_LABELS, organizationRegion } from './organization-kind';
import { TeamList } from './team-list';
import { TokenStatus } from './token-status';
import { LifecycleWarning, xRiskText } from './trust-signals';

/*
 * The organisation's fields, read defensively: a fund shown before its detail arrives is a project-shaped
 * record (a search row or `person.company`), and the investor fields (firm or angel, fund type, trust tier,
 * ROI, portfolio count) come only with the paid detail, though a record may already carry some.
 */
type OrgFields = Pick<Investor, 'fundType' | 'entityKind' | 'fundAllTimeRoiPct' | 'trustTier' | 'trustTierRank' | 'portfolioCount'> & {
  sectors: string[];
  chains: string[];
  size: string | null;
  followers: number | null;
  /** Earlier X handles, without the @. */
  handleHistory: string[];
  twitterRisk: unknown;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => text(s) !== null) : []);

function orgFields(record: Project | Investor): OrgFields {
  const r = record as Record<string, unknown>;
  return {
    fundType: text(r.fundType),
    entityKind: r.entityKind === 'organization' || r.entityKind === 'individual' ? r.entityKind : null,
    fundAllTimeRoiPct: num(r.fundAllTimeRoiPct),
    trustTier: text(r.trustTier),
    trustTierRank: num(r.trustTierRank),
    portfolioCount: num(r.portfolioCount),
    sectors: texts(r.sectors),
    chains: texts(r.chains),
    // `size` has no stated type: text or a number, nothing else.
    size: text(r.size) ?? (num(r.size) !== null ? String(r.size) : null),
    followers: num(r.followers),
    handleHistory: texts(r.handleHistory).map((h) => h.replace(/^@/, '')),
    twitterRisk: r.twitterRisk,
  };
}

/**
 * Firm or angel. The record says so once its detail is loaded; before that, a fund named exactly like
 * the person it belongs to is that person investing as herself (an angel's "company" is her own profile).
 */
function fundEntityKind(fields: OrgFields, fundName: string, personName?: string | null): EntityKind | null {
  if (fields.entityKind) return fields.entityKind;
  if (personName && normalizeName(personName) !== '' && normalizeName(personName) === normalizeName(fundName)) return 'individual';
  return null;
}

/**
 * What the paid detail adds that this record lacks, "a, b and c", for the one priced button's hint. An
 * angel's fund type is "angel" and her team is herself: neither is worth promising.
 */
function missingFromRow(fields: OrgFields, entityKind: EntityKind | null): string {
  const angel = entityKind === 'individual';
  const missing = [
    !entityKind && 'firm or angel',
    !fields.fundType && !angel && 'fund type',
    !fields.trustTier && fields.trustTierRank === null && 'trust tier',
    fields.fundAllTimeRoiPct === null && 'ROI',
    'portfolio',
    !angel && 'team',
  ].filter((m) => m !== false);
  return [missing.slice(0, -1).join(', '), missing.at(-1)].filter(Boolean).join(' and ');
}

/** What either card gets besides its record: the same props, so one call renders whichever card an organisation gets. */
interface OrgCardProps {
  /** The organisation's detail (a fresher record, the team, a fund's portfolio). */
  detail?: DetailSlot<OrganizationDetail>;
  /** What the detail costs: the account's price for this organisation's detail call. */
  price: number;
  /** "Load team" / "Load full profile · N credits" (absent: no button). */
  onLoad?: SendAction | undefined;
  /** The person whose company this is: a fund named like her is her own, an angel's, before the detail says so. */
  personName?: string | null;
  onShowPerson?: (person: Person) => void;
  /** Save buttons and Saved marks on the team. */
  leads?: LeadRows | undefined;
  /** The person card moves focus here. */
  ref?: Ref<HTMLElement>;
}

export interface CompanyCardProps extends OrgCardProps {
  /** The search row or `person.company` */
  record: Project;
}

export interface FundCardProps extends OrgCardProps {
  /** The search row / `person.company`, or an investor record. */
  record: Project | Investor;
}

/** Logo (round for an angel: she reads as a person), name, an optional subtitle, and the chips under it. */
function OrgHeader(props: {
  name: string;
  logoUrl: string | null | undefined;
  round?: boolean;
  subtitle?: string | false;
  children: ReactNode;
}) {
  const { name, round = false } = props;
  return (
    <header className="card__header">
      <SafeImage src={props.logoUrl} name={name} size={round ? 48 : 40} shape={round ? 'circle' : 'square'} />
      <div className="card__heading">
        <h2 className="card__title">
          <SafeText text={name} />
        </h2>
        {props.subtitle && <p className="card__subtitle">{props.subtitle}</p>}
        <p className="card__meta">{props.children}</p>
      </div>
    </header>
  );
}

export function CompanyCard({ record: row, detail, onLoad, price, onShowPerson, leads, ref }: CompanyCardProps) {
  const loaded = detail?.status === 'loaded' ? detail.value : undefined;
  const company = (loaded?.kind === 'project' ? loaded.project : loaded?.kind === 'service' ? loaded.service : null) ?? row;
  const region = organizationRegion(company.companyType, loaded?.kind);
  const f = orgFields(company);
  return (
    <section aria-label={region} className="card" ref={ref} tabIndex={-1}>
      <OrgHeader name={company.name} logoUrl={company.logoUrl}>
        {company.companyType && <span className="chip">{COMPANY_TYPE_LABELS[company.companyType]}</span>}
        {company.ticker && (
          <span className="ticker">
            $<SafeText text={company.ticker} />
          </span>
        )}
      </OrgHeader>
      <LifecycleWarning lifecycle={company.lifecycle} subject={region === 'Service' ? 'this company' : 'this project'} />
      {/* The pitch first: what the company does tells the rep more than its facts table. */}
      <AiSummary text={company.aiSummary} />
      <dl className="facts">
        <dt>Token</dt>
        <dd>
          <TokenStatus tokenLaunched={company.tokenLaunched} ticker={company.ticker} tokenLink={company.tokenLink} />
        </dd>
        <SharedFacts f={f} />
      </dl>
      <OrgLinks record={company} />
      <DetailSection title="Team" slot={detail} loadLabel="Load team" price={price} onLoad={onLoad}>
        {(value) => <TeamList people={value.team} label="Team" onShow={onShowPerson} leads={leads} />}
      </DetailSection>
    </section>
  );
}

export function FundCard({ record: row, detail, personName, onLoad, price, onShowPerson, leads, ref }: FundCardProps) {
  const loaded = detail?.status === 'loaded' ? detail.value : null;
  // The detail's investor record carries the investor fields; the row keeps what the detail omits (sectors, size).
  const fund = loaded?.kind === 'investor' ? mergeRecord<Project | Investor>(row, loaded.investor) : row;
  const f = orgFields(fund);
  const entityKind = fundEntityKind(f, fund.name, personName);
  const angel = entityKind === 'individual';
  const portfolioCount = f.portfolioCount ?? (loaded?.kind === 'investor' ? loaded.portfolio.length : null);
  const fundType = f.fundType && !(angel && normalizeName(f.fundType) === 'angel') ? f.fundType : null;

  return (
    <section aria-label="Fund" className="card" ref={ref} tabIndex={-1}>
      <OrgHeader name={fund.name} logoUrl={fund.logoUrl} round={angel} subtitle={angel && 'Angel investor'}>
        {entityKind === 'organization' && <span className="chip">Firm</span>}
        {!entityKind && <span className="chip">Fund</span>}
        {fundType && <SafeText className="chip" text={fundType} />}
      </OrgHeader>
      <LifecycleWarning lifecycle={fund.lifecycle} subject="this fund" />
      <FundFacts f={f} portfolioCount={portfolioCount} angel={angel} />
      <AiSummary text={fund.aiSummary} />
      <OrgLinks record={fund} />
      <DetailSection
        title="Full profile"
        slot={detail}
        loadLabel="Load full profile"
        price={price}
        hint={`Adds ${missingFromRow(f, entityKind)}.`}
        untitledWhenLoaded
        onLoad={onLoad}
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
function FundFacts({ f, portfolioCount, angel }: { f: OrgFields; portfolioCount: number | null; angel: boolean }) {
  // The directory's own rating of the fund; the spec names it without a scale, so it is said as theirs.
  const rank = f.trustTierRank !== null ? `, rank ${formatCredits(f.trustTierRank)}` : '';
  const rating = (f.trustTier || rank) && `${f.trustTier ? `tier ${f.trustTier}` : '—'}${rank}`;
  return (
    <dl className="facts">
      <TextFact label="Directory trust rating" text={rating} />
      <TextFact label="All-time ROI" text={f.fundAllTimeRoiPct !== null && formatPercent(f.fundAllTimeRoiPct)} />
      <TextFact label="Portfolio" text={portfolioCount !== null && `${formatCredits(portfolioCount)} companies`} />
      {/* A person has no headcount. */}
      <SharedFacts f={f} size={!angel} followers />
    </dl>
  );
}

/**
 * The facts both cards list alike, after each card's own: the sectors as chips, chains, size (unless
 * `size` is false), X followers (where `followers`), earlier X handles and the directory's X account
 * warning ("low" is no news: not said), as recorded.
 */
function SharedFacts({ f, size = true, followers = false }: { f: OrgFields; size?: boolean; followers?: boolean }) {
  return (
    <>
      {f.sectors.length > 0 && (
        <>
          <dt>Sectors</dt>
          <dd className="chips">
            {f.sectors.map((s) => (
              <SafeText key={s} className="chip" text={s} />
            ))}
          </dd>
        </>
      )}
      <TextFact label="Chains" text={f.chains.join(', ')} />
      {size && <TextFact label="Size" text={f.size} />}
      {followers && f.followers !== null && (
        <TextFact label="X followers" text={formatCompact(f.followers)} title={formatCredits(f.followers)} />
      )}
      <TextFact label="Formerly" text={f.handleHistory.map((h) => `@${h}`).join(', ')} />
      <TextFact label="X account warning" text={xRiskText(f.twitterRisk)} />
    </>
  );
}

/** A `dt`/`dd` pair of page-safe text; nothing when there is no text. */
function TextFact({ label, text, title }: { label: string; text: string | false | null | undefined; title?: string }) {
  if (!text) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd title={title}>
        <SafeText text={text} />
      </dd>
    </>
  );
}

/** "AI summary: …", as the API wrote it (multi-line); nothing without one. */
function AiSummary({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="summary">
      <span className="summary__label">AI summary</span> <SafeText text={text} multiline />
    </p>
  );
}

/**
 * A company's or fund's links: website (from `domain`), X, LinkedIn, Discord, community. Each is a link
 * only when its URL is safe; an unsafe one is shown as plain text (`asText`), so the user still sees what
 * the record says.
 */
function OrgLinks({ record }: { record: Project | Investor }) {
  const { domain, twitterHandle } = record;
  const handle = twitterHandle && `@${twitterHandle.replace(/^@/, '')}`;
  const links = [
    domain && { key: 'web', label: domain.replace(/^https?:\/\//, '').replace(/\/$/, ''), href: websiteHref(domain), asText: domain },
    handle && { key: 'x', label: handle, href: xProfileHref(twitterHandle), asText: handle },
    ...(
      [
        ['LinkedIn', record.linkedinUrl],
        ['Discord', record.discordUrl],
        ['Community', record.communityLink],
      ] as const
    ).map(([label, url]) => url && { key: label, label, href: url, asText: `${label}: ${url}` }),
  ].filter((l) => !!l);
  if (links.length === 0) return null;
  return (
    <ul className="links" aria-label="Links">
      {links.map((l) => (
        <li key={l.key}>
          <SafeLink href={l.href}>
            <SafeText text={safeHref(l.href) === null ? l.asText : l.label} />
          </SafeLink>
        </li>
      ))}
    </ul>
  );
}

/*
 * PortfolioList — a fund's portfolio as rows, not a table: a five-column table at 320 px squeezed the
 * company into a column a word wide and broke it mid-word ("QuantLaye|r"). Each row is the company (and
 * "Lead" when the fund led), then round · amount · date. Names wrap between words; a single word too
 * long for the row is cut with an ellipsis (the full name is its title), never broken. Long portfolios
 * show the first rows and a "Show all" toggle (no call: the rows are already loaded).
 */
/** "Seed", "$12.5M", "Mar 14, 2024": only what the row has. */
function rowFacts(row: PortfolioRow): string[] {
  const round = safeText(row.roundType ?? row.roundEventName);
  return [round, row.amountUsd === null ? '' : formatUsd(row.amountUsd), formatDate(row.announceDate) ?? ''].filter((s) => s !== '');
}

/** Rows shown before "Show all". */
const PORTFOLIO_FIRST = 8;

function PortfolioList({ rows }: { rows: PortfolioRow[] }) {
  const [all, setAll] = useState(false);
  if (rows.length === 0) return <p className="muted">No portfolio rows listed.</p>;
  const shown = all ? rows : rows.slice(0, PORTFOLIO_FIRST);
  return (
    <>
      <ul className="portfolio" aria-label="Portfolio">
        {shown.map((row, i) => {
          const name = portfolioCompanyName(row);
          const facts = rowFacts(row);
          return (
            <li key={row.investmentId ?? `row-${i}`} className="portfolio__row">
              <div className="portfolio__head">
                {name ? (
                  <span className="portfolio__company" title={safeText(name)}>
                    <SafeText text={name} />
                  </span>
                ) : (
                  <span className="portfolio__company muted">Unknown company</span>
                )}
                {row.isLead === true && <span className="chip chip--accent">Lead</span>}
              </div>
              {facts.length > 0 && (
                <div className="portfolio__facts">
                  {facts.map((f, j) => (
                    <span key={j} className="portfolio__fact">
                      {f}
                    </span>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {rows.length > PORTFOLIO_FIRST && (
        <button type="button" className="btn btn--small btn--ghost" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </button>
      )}
    </>
  );
}

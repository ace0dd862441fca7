/*
 * The prospect tables: one row per record, each with a checkbox named after its person or company,
 * and its marks — NOT REAL DATA on every row of a sample, "Known" (already paid for, and where from),
 * "Saved · <status>" for people who are leads. People show role, company, X handle and the channels on
 * file; companies and funds their facts and "Load team · N credits". Presentational: props in, events out.
 */
import { creditsLabel } from '@/lib/messages/texts';
import type { ReactNode } from 'react';
import type { Investor, Person, Project } from '@/lib/api';
import { companyTypeLabel } from '@/components/popup/company-labels';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { formatCredits, formatPercent, personName } from '@/components/shared/format';
import { xProfileHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { SendButton } from '@/components/shared/send-once';
import { TokenStatus } from '@/components/sidepanel/token-status';
import { statusLabel, type LeadStatus } from '@/lib/leads/lead';
import type { OrganizationList } from '@/lib/prospect/prospect-query';
import type { ProspectResults } from './prospect-state';

/** The mark on every row of a sample answer. */
export const NOT_REAL_DATA = 'NOT REAL DATA';

/** The rows ticked, and ticking them. */
type Selection = Pick<ProspectResults, 'selected' | 'toggle' | 'toggleAll'>;

interface Marks {
  /** A sample: every row is marked and none can be ticked. */
  sample: boolean;
  /** Record id → where this account paid for it before. */
  known: Readonly<Record<string, string>>;
}

/** The X handle, a link to the profile; a sample's is synthetic, so text only (someone may own it). */
function Handle({ handle, sample }: { handle: string | null | undefined; sample: boolean }) {
  if (!handle) return null;
  const text = <SafeText text={`@${handle.replace(/^@/, '')}`} />;
  return sample ? text : <SafeLink href={xProfileHref(handle)}>{text}</SafeLink>;
}

function MarkList({ sample, known, status }: { sample: boolean; known?: string; status?: LeadStatus | undefined }) {
  return (
    <ul className="prospect-marks" aria-label="Marks">
      {sample && <li className="prospect-mark prospect-mark--sample">{NOT_REAL_DATA}</li>}
      {status && <li className="prospect-mark prospect-mark--saved">Saved · {statusLabel(status)}</li>}
      {known && (
        <li className="prospect-mark">
          Known{' '}
          <span className="muted small">
            · <SafeText text={known} />
          </span>
        </li>
      )}
    </ul>
  );
}

const NONE = <span className="muted">—</span>;

interface ProspectTableProps<R extends { id: string }> extends Selection, Marks {
  caption: string;
  rows: readonly R[];
  /** [one, several] ("person", "people"): the "Select all" box says how many. */
  noun: readonly [string, string];
  /** The headings after the checkbox's. */
  headings: readonly string[];
  /** A row's name: its checkbox's accessible name. */
  nameOf: (row: R) => string;
  /** A row's cells after its checkbox. */
  cells: (row: R, name: string) => ReactNode;
}

/** Both tables: "Select all N …", then one row per record with its checkbox named after it (none ticks in a sample). */
function ProspectTable<R extends { id: string }>(props: ProspectTableProps<R>) {
  const { rows, noun, sample, selected } = props;
  const ids = rows.map((r) => r.id);
  return (
    <div className="prospect-table-wrap">
      <table className="prospect-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="prospect-table__select">
              <input
                type="checkbox"
                aria-label={`Select all ${formatCredits(ids.length)} ${noun[ids.length === 1 ? 0 : 1]}`}
                checked={ids.length > 0 && ids.every((id) => selected.has(id))}
                disabled={sample || ids.length === 0}
                onChange={(e) => props.toggleAll(ids, e.target.checked)}
              />
            </th>
            {props.headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = props.nameOf(row);
            return (
              <tr key={row.id} className={sample ? 'prospect-row--sample' : undefined}>
                <td className="prospect-table__select">
                  <input
                    type="checkbox"
                    aria-label={name}
                    checked={selected.has(row.id)}
                    disabled={sample}
                    onChange={(e) => props.toggle(row.id, e.target.checked)}
                  />
                </td>
                {props.cells(row, name)}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export interface PeopleTableProps extends Selection, Marks {
  /** The table's name: "Results", "Team members". */
  caption: string;
  people: readonly Person[];
  /** Lead statuses of the people who are leads. */
  statuses: ReadonlyMap<string, LeadStatus>;
}

export function PeopleTable({ people, statuses, ...table }: PeopleTableProps) {
  const { sample, known } = table;
  return (
    <ProspectTable
      {...table}
      rows={people}
      noun={['person', 'people']}
      headings={['Person', 'Company', 'X', 'Channels on file', 'Marks']}
      nameOf={personName}
      cells={(p, name) => (
        <>
          <th scope="row">
            <SafeText className="prospect-table__name" text={name} />
            {p.jobTitle && (
              <>
                <br />
                <SafeText className="muted small" text={p.jobTitle} />
              </>
            )}
          </th>
          <td>{p.company ? <SafeText text={p.company.name} /> : NONE}</td>
          <td>
            <Handle handle={p.twitterHandle} sample={sample} />
          </td>
          {/* A sample row is synthetic: "✓ Email" would promise a contact that does not exist. */}
          <td>{sample ? NONE : <ChannelFlags person={p} label={`Channels on file for ${name}`} />}</td>
          <td>
            <MarkList sample={sample} known={known[p.id]} status={statuses.get(p.id)} />
          </td>
        </>
      )}
    />
  );
}

export interface OrganizationsTableProps extends Selection, Marks, Pick<ProspectResults, 'teams' | 'loadTeam'> {
  list: OrganizationList;
  organizations: readonly (Project | Investor)[];
  /** What "Load team" costs (the meter's price of the detail read). */
  teamPrice: number;
}

function Facts({ list, org }: { list: OrganizationList; org: Project | Investor }) {
  const facts: { term: string; value: ReactNode }[] = [];
  if (list !== 'investors' || org.companyType !== 'investor') facts.push({ term: 'Kind', value: companyTypeLabel(org.companyType) });
  if (list === 'investors') {
    const f = org as Investor;
    if (f.fundType) facts.push({ term: 'Fund type', value: <SafeText text={f.fundType} /> });
    if (f.trustTier) facts.push({ term: 'Trust tier', value: <SafeText text={f.trustTier} /> });
    if (typeof f.portfolioCount === 'number') facts.push({ term: 'Portfolio', value: `${formatCredits(f.portfolioCount)} companies` });
    if (typeof f.fundAllTimeRoiPct === 'number') facts.push({ term: 'All-time ROI', value: formatPercent(f.fundAllTimeRoiPct) });
  } else {
    const sectors = (org as Project).sectors ?? [];
    if (sectors.length) facts.push({ term: 'Sectors', value: <SafeText text={sectors.join(', ')} /> });
    if (list === 'projects')
      facts.push({
        term: 'Token',
        value: <TokenStatus tokenLaunched={(org as Project).tokenLaunched} ticker={(org as Project).ticker ?? null} />,
      });
  }
  return (
    <dl className="facts prospect-facts">
      {facts.map((f) => (
        <div key={f.term}>
          <dt>{f.term}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ORG_NOUN: Record<OrganizationList, readonly [string, string]> = {
  projects: ['project', 'projects'],
  investors: ['fund', 'funds'],
  services: ['service provider', 'service providers'],
};

export function OrganizationsTable({ list, organizations, teams, teamPrice, loadTeam, ...table }: OrganizationsTableProps) {
  const { sample, known } = table;
  return (
    <ProspectTable
      {...table}
      caption="Results"
      rows={organizations}
      noun={ORG_NOUN[list]}
      headings={['Name', 'Facts', 'X', 'Team', 'Marks']}
      nameOf={(o) => o.name}
      cells={(o) => {
        const team = teams[o.id];
        return (
          <>
            <th scope="row">
              <SafeText className="prospect-table__name" text={o.name} />
            </th>
            <td>
              <Facts list={list} org={o} />
            </td>
            <td>
              <Handle handle={o.twitterHandle} sample={sample} />
            </td>
            <td>
              {team?.status === 'loaded' ? (
                <span>
                  {formatCredits(team.people)} {team.people === 1 ? 'person' : 'people'} below
                </span>
              ) : sample ? (
                NONE
              ) : (
                <>
                  <SendButton className="btn btn--small" onSend={() => loadTeam(o)}>
                    Load team · {creditsLabel(teamPrice)}
                  </SendButton>
                  {team?.status === 'error' && (
                    <p role="alert" className="small prospect-table__error">
                      {team.message}
                    </p>
                  )}
                </>
              )}
            </td>
            <td>
              <MarkList sample={sample} known={known[o.id]} />
            </td>
          </>
        );
      }}
    />
  );
}

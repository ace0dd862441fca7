/*
 * CandidatesView — status `candidates`: several directory entries match this profile. Each row has
 * the avatar (initials), name, X handle, title and company and the channels on file — what tells two
 * people of the same name apart — and a button that picks it (`pickCandidate`); the pick is
 * remembered for this profile at no cost.
 */
import type { Person, Project } from '../../lib/api';
import { companyOf } from '../../lib/contacts/contact-card';
import { ChannelFlags } from '../shared/channel-flags';
import { personName } from '../shared/format';
import { SafeImage } from '../shared/safe-image';
import { COMPANY_TYPE_LABELS } from './organization-kind';
import { StateMessage } from './state-message';
import type { CandidatePick } from './view-actions';
import { SafeText } from '../shared/safe-text';
import { safeText } from '../../lib/text/safe-text';

export interface CandidatesViewProps {
  people: Person[];
  organizations: Project[];
  /** Absent: rows are not pickable. */
  onPick?: (pick: CandidatePick) => void;
}

/** "@handle" (one @), or null. Plain text: the row's one action is Pick. */
function handleText(handle: string | null | undefined): string | null {
  const h = safeText(handle).replace(/^@+/, '');
  return h ? `@${h}` : null;
}

export function CandidatesView({ people, organizations, onPick }: CandidatesViewProps) {
  return (
    <StateMessage title="Several matches: pick one">
      <p className="muted">Picking is free: the lookup is already paid for, and your pick is remembered for this profile.</p>
      {people.length > 0 && (
        <ul className="candidates" aria-label="Matching people">
          {people.map((p) => {
            const name = personName(p);
            const detail = [safeText(p.jobTitle), companyOf({ name, company: p.company?.name })].filter(Boolean).join(' · ');
            const handle = handleText(p.twitterHandle);
            return (
              <li key={p.id} className="candidates__row">
                <SafeImage src={p.avatarUrl} name={name} size={32} />
                <div className="candidates__text">
                  <div className="candidates__name">
                    <SafeText text={name} />
                    {handle && <SafeText className="candidates__handle" text={handle} />}
                  </div>
                  {detail && <SafeText className="candidates__detail" text={detail} />}
                  <ChannelFlags person={p} label={`Channels on file for ${name}`} />
                </div>
                {onPick && (
                  <button type="button" className="btn btn--small" aria-label={`Pick ${name}${handle ? ` ${handle}` : ''}${detail ? `, ${detail}` : ''}`} onClick={() => onPick({ personId: p.id })}>
                    Pick
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {organizations.length > 0 && (
        <ul className="candidates" aria-label="Matching organizations">
          {organizations.map((o) => {
            const name = safeText(o.name);
            const detail = [o.companyType ? COMPANY_TYPE_LABELS[o.companyType] : null, safeText(o.domain)].filter(Boolean).join(' · ');
            const handle = handleText(o.twitterHandle);
            return (
              <li key={o.id} className="candidates__row">
                <SafeImage src={o.logoUrl} name={name} size={32} shape="square" />
                <div className="candidates__text">
                  <div className="candidates__name">
                    <SafeText text={name} />
                    {handle && <SafeText className="candidates__handle" text={handle} />}
                  </div>
                  {detail && <SafeText className="candidates__detail" text={detail} />}
                </div>
                {onPick && (
                  <button type="button" className="btn btn--small" aria-label={`Pick ${name}${handle ? ` ${handle}` : ''}${detail ? `, ${detail}` : ''}`} onClick={() => onPick({ organizationId: o.id })}>
                    Pick
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </StateMessage>
  );
}

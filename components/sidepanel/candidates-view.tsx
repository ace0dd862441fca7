/*
 * CandidatesView — status `candidates`: several directory entries match this profile, or one that is
 * not taken for the user (a LinkedIn person's name alone, with no company on the page agreeing; a
 * search the user worded). Each row has
 * the avatar (initials), name, X handle, title and company and the channels on file — what tells two
 * people of the same name apart — and a button that picks it (`pickCandidate`); the pick is
 * remembered for this profile at no cost. A person can also be saved as a lead from here (free too):
 * saving is not picking.
 */
import type { ReactNode } from 'react';
import { companyOf } from '@/lib/contacts/contact-card';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { personName } from '@/components/shared/format';
import { SafeImage } from '@/components/shared/safe-image';
import { COMPANY_TYPE_LABELS } from './organization-kind';
import { StateMessage } from './state-views';
import type { StateViewProps } from './view-actions';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';
import { RowSaveLead } from '@/components/shared/save-lead';

/** "@handle" (one @), or null. Plain text: the row's one action is Pick. */
function handleText(handle: string | null | undefined): string | null {
  const h = safeText(handle).replace(/^@+/, '');
  return h ? `@${h}` : null;
}

/** One pickable row: a person's and an organisation's rows differ only in what fills them. */
function CandidateRow(props: {
  name: string;
  image: { src: string | null | undefined; shape?: 'square' };
  handle: string | null;
  detail: string;
  /** Below the detail line (a person's channels on file). */
  extra?: ReactNode;
  onPick?: (() => void) | undefined;
}) {
  const { name, image, handle, detail, extra, onPick } = props;
  return (
    <li className="candidates__row">
      <SafeImage src={image.src} name={name} size={32} {...(image.shape ? { shape: image.shape } : {})} />
      <div className="candidates__text">
        <div className="candidates__name">
          <SafeText text={name} />
          {handle && <SafeText className="candidates__handle" text={handle} />}
        </div>
        {detail && <SafeText className="candidates__detail" text={detail} />}
        {extra}
      </div>
      {onPick && (
        <button
          type="button"
          className="btn btn--small"
          aria-label={`Pick ${name}${handle ? ` ${handle}` : ''}${detail ? `, ${detail}` : ''}`}
          onClick={onPick}
        >
          Pick
        </button>
      )}
    </li>
  );
}

/** Rows are pickable where the view can pick (`pickCandidate`); saves where it has `leads`. */
export function CandidatesView({ state: { people, organizations }, actions, leads }: StateViewProps<'candidates'>) {
  const onPick = actions.pickCandidate;
  return (
    <StateMessage title={people.length + organizations.length === 1 ? 'One match: pick it if it is them' : 'Several matches: pick one'}>
      <p className="muted">Picking is free: the lookup is already paid for, and your pick is remembered for this profile.</p>
      {people.length > 0 && (
        <ul className="candidates" aria-label="Matching people">
          {people.map((p) => {
            const name = personName(p);
            return (
              <CandidateRow
                key={p.id}
                name={name}
                image={{ src: p.avatarUrl }}
                handle={handleText(p.twitterHandle)}
                detail={[safeText(p.jobTitle), companyOf({ name, company: p.company?.name })].filter(Boolean).join(' · ')}
                extra={
                  <>
                    <ChannelFlags person={p} label={`Channels on file for ${name}`} />
                    <RowSaveLead leads={leads} personId={p.id} name={name} />
                  </>
                }
                onPick={onPick && (() => onPick({ personId: p.id }))}
              />
            );
          })}
        </ul>
      )}
      {organizations.length > 0 && (
        <ul className="candidates" aria-label="Matching organizations">
          {organizations.map((o) => (
            <CandidateRow
              key={o.id}
              name={safeText(o.name)}
              image={{ src: o.logoUrl, shape: 'square' }}
              handle={handleText(o.twitterHandle)}
              detail={[o.companyType ? COMPANY_TYPE_LABELS[o.companyType] : null, safeText(o.domain)].filter(Boolean).join(' · ')}
              onPick={onPick && (() => onPick({ organizationId: o.id }))}
            />
          ))}
        </ul>
      )}
    </StateMessage>
  );
}

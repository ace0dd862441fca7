/*
 * TeamList — coworkers or team members (person records already paid for): avatar (initials), name,
 * title, X handle, and the channels on file — as values when the contact is already unlocked (the API
 * returned them), otherwise as the same "on file" flags the popup shows; and "Save {name} as lead" (free:
 * the row is paid for), or "Saved · {status}" once they are a lead.
 */
import type { Person } from '@/lib/api';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { personName } from '@/components/shared/format';
import { xProfileHref } from '@/components/shared/safe-href';
import { SafeImage } from '@/components/shared/safe-image';
import { SafeLink } from '@/components/shared/safe-link';
import { CHANNELS, knownChannels } from './contact-channels';
import { SafeText } from '@/components/shared/safe-text';
import { RowSaveLead, type LeadRows } from '@/components/shared/save-lead';

export interface TeamListProps {
  people: Person[];
  /** The list's accessible name ("Coworkers", "Team") */
  label: string;
  /** Open this person in the panel (no call: the row is paid for) */
  onShow?: (person: Person) => void;
  /** Save buttons and Saved marks (absent: neither). */
  leads?: LeadRows | undefined;
}

export function TeamList({ people, label, onShow, leads }: TeamListProps) {
  if (people.length === 0) return <p className="muted">None listed.</p>;
  return (
    <ul className="people" aria-label={label}>
      {people.map((p) => {
        const name = personName(p);
        const values = knownChannels(p, undefined);
        const known = CHANNELS.flatMap((c) => {
          const value = values[c.key];
          return value === undefined ? [] : [{ ...c, value }];
        });
        return (
          <li key={p.id} className="people__row">
            <SafeImage src={p.avatarUrl} name={name} size={28} />
            <div className="people__text">
              <div className="people__name">
                {onShow ? (
                  <button type="button" className="link-button" onClick={() => onShow(p)} aria-label={`Show ${name}`}>
                    <SafeText text={name} />
                  </button>
                ) : (
                  <SafeText text={name} />
                )}
                {p.twitterHandle && (
                  <SafeLink href={xProfileHref(p.twitterHandle)} className="people__handle">
                    <SafeText text={`@${p.twitterHandle.replace(/^@/, '')}`} />
                  </SafeLink>
                )}
              </div>
              {p.jobTitle && <SafeText className="people__title" text={p.jobTitle} />}
              {known.length > 0 ? (
                <div className="people__channels">
                  {known.map((c) => (
                    <SafeLink key={c.key} {...c.link(c.value)}>
                      {c.label}
                    </SafeLink>
                  ))}
                </div>
              ) : (
                <ChannelFlags person={p} label={`Channels on file for ${name}`} />
              )}
              <RowSaveLead leads={leads} personId={p.id} name={name} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

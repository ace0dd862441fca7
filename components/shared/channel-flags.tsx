/*
 * ChannelFlags — which contact channels a person has on file (the `has*` flags), never the values (those
 * cost a reveal). One component for every row that lists people: the popup's search rows, the side
 * panel's candidates, team and coworkers.
 *
 * Renders nothing when no flag is known: four "?" say nothing.
 */
import type { Person } from '@/lib/api';
import { CONTACT_CHANNELS, type ContactChannelFlag, type ContactChannelId } from '@/lib/api/contact-channels';

export interface ChannelFlagsProps {
  person: Pick<Person, ContactChannelFlag>;
  /** The list's accessible name (default "Contact channels"). Rows inside a card use another name so the card's own "Contact channels" list stays the only one. */
  label?: string;
}

export function ChannelFlags({ person, label = 'Contact channels' }: ChannelFlagsProps) {
  if (CONTACT_CHANNELS.every(({ flag }) => typeof person[flag] !== 'boolean')) return null;
  return (
    <ul role="list" aria-label={label} className="channel-flags">
      <FlagItems person={person} />
    </ul>
  );
}

/** The list's items, also the person card's before a reveal: "✓ Email", said "Email on file". `omit`: a channel left out. */
export function FlagItems({ person, omit }: { person: Pick<Person, ContactChannelFlag>; omit?: ContactChannelId | undefined }) {
  return CONTACT_CHANNELS.filter(({ id }) => id !== omit).map(({ label: name, flag: field }) => {
    const value = person[field];
    const state = value === true ? 'on file' : value === false ? 'not on file' : 'unknown';
    return (
      <li key={field} className={`flag flag-${value === true ? 'on' : value === false ? 'off' : 'unknown'}`}>
        <span aria-hidden="true">{value === true ? '✓' : value === false ? '✕' : '?'} </span>
        {name}
        <span className="visually-hidden"> {state}</span>
      </li>
    );
  });
}

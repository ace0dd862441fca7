import type { Person } from '@/lib/api';
import { CONTACT_CHANNELS, type ContactChannelFlag } from '@/lib/api/contact-channels';

export type ChannelFlagsPerson = Pick<Person, ContactChannelFlag>;

/** Which contact channels exist for a person: flags only, never the values (those cost a reveal). */
export function ChannelFlags({ person }: { person: ChannelFlagsPerson }) {
  return (
    <ul role="list" aria-label="Contact channels" className="channel-flags">
      {CONTACT_CHANNELS.map(({ label, flag: field }) => {
        const value = person[field];
        const state = value === true ? 'on file' : value === false ? 'not on file' : 'unknown';
        return (
          <li key={field} className={`flag flag-${value === true ? 'on' : value === false ? 'off' : 'unknown'}`}>
            <span aria-hidden="true">{value === true ? '✓' : value === false ? '✕' : '?'} </span>
            {label}
            <span className="visually-hidden"> {state}</span>
          </li>
        );
      })}
    </ul>
  );
}

import type { Person } from '@/lib/api';

export type ChannelFlagsPerson = Pick<Person, 'hasEmail' | 'hasTelegram' | 'hasPhone' | 'hasLinkedin'>;

const CHANNELS = [
  ['Email', 'hasEmail'],
  ['Telegram', 'hasTelegram'],
  ['Phone', 'hasPhone'],
  ['LinkedIn', 'hasLinkedin'],
] as const;

/** Which contact channels exist for a person: flags only, never the values (those cost a reveal). */
export function ChannelFlags({ person }: { person: ChannelFlagsPerson }) {
  return (
    <ul role="list" aria-label="Contact channels" className="channel-flags">
      {CHANNELS.map(([label, field]) => {
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

/*
 * ContactChannels — the `list` "Contact channels": Email, Phone, Telegram, LinkedIn. Before a reveal
 * each item says "on file" / "not on file" (from the `has*` flags); once a value is known (revealed, or
 * already unlocked on a team list) it shows the value, a proper link and a Copy button.
 *
 * Props:
 *   person   Person — the `has*` flags and any private channel the API already returned
 *   revealed RevealRecord['channels'] | undefined — channels this account paid to reveal
 */
import type { Person } from '../../lib/api';
import type { RevealedChannels } from '../../lib/credits/reveals';
import { BreakableText } from '../shared/breakable-text';
import { CopyButton } from '../shared/copy-button';
import { emailHref, linkedinHref, phoneHref, telegramHref } from '../shared/safe-href';
import { SafeLink } from '../shared/safe-link';
import { safeText } from '../../lib/text/safe-text';

export type ChannelKey = 'email' | 'phone' | 'telegram' | 'linkedinUrl';

export const CHANNELS: readonly { key: ChannelKey; label: string; flag: 'hasEmail' | 'hasPhone' | 'hasTelegram' | 'hasLinkedin'; href: (v: string) => string | null }[] = [
  { key: 'email', label: 'Email', flag: 'hasEmail', href: emailHref },
  { key: 'phone', label: 'Phone', flag: 'hasPhone', href: phoneHref },
  { key: 'telegram', label: 'Telegram', flag: 'hasTelegram', href: telegramHref },
  { key: 'linkedinUrl', label: 'LinkedIn', flag: 'hasLinkedin', href: linkedinHref },
];

/** Channel names the `has*` flags say are on file. */
export function channelsOnFile(person: Person): string[] {
  return CHANNELS.filter((c) => person[c.flag] === true).map((c) => c.label);
}

/** A known value for a channel: revealed first, then what the API returned on the record. */
export function channelValue(person: Person, revealed: RevealedChannels | undefined, key: ChannelKey): string | null | undefined {
  const fromReveal = revealed?.[key];
  if (typeof fromReveal === 'string' && fromReveal.trim() !== '') return fromReveal;
  const onRecord = person[key];
  if (typeof onRecord === 'string' && onRecord.trim() !== '') return onRecord;
  // null in a reveal = the person has none on file; undefined = we do not know yet.
  return revealed && key in revealed ? null : undefined;
}

/** Every channel whose value is known (revealed or already unlocked), by key. */
export function knownChannels(person: Person, revealed: RevealedChannels | undefined): Partial<Record<ChannelKey, string>> {
  const known: Partial<Record<ChannelKey, string>> = {};
  for (const c of CHANNELS) {
    const value = channelValue(person, revealed, c.key);
    if (typeof value === 'string') known[c.key] = value;
  }
  return known;
}

/** True when any channel's value is already known (nothing left to pay for). */
export function hasKnownChannel(person: Person, revealed: RevealedChannels | undefined): boolean {
  return revealed !== undefined || CHANNELS.some((c) => typeof channelValue(person, undefined, c.key) === 'string');
}

export interface ContactChannelsProps {
  person: Person;
  revealed?: RevealedChannels;
}

export function ContactChannels({ person, revealed }: ContactChannelsProps) {
  return (
    <ul className="channels" aria-label="Contact channels">
      {CHANNELS.map((c) => {
        const value = channelValue(person, revealed, c.key);
        const flag = person[c.flag];
        return (
          <li key={c.key} className="channels__item">
            <span className="channels__label">{c.label}</span>
            {typeof value === 'string' ? (
              <span className="channels__value">
                {/* The <wbr>s would read as spaces in some accessible-name computations: name the link by its value. */}
                <SafeLink
                  href={c.href(value)}
                  className="channels__text"
                  aria-label={safeText(value)}
                  allowContact={c.key !== 'linkedinUrl'}
                  httpsOnly={c.key === 'linkedinUrl'}
                >
                  <BreakableText text={value} />
                </SafeLink>
                <CopyButton value={safeText(value)} label={c.label} />
              </span>
            ) : value === null || flag === false ? (
              <span className="channels__state channels__state--none">not on file</span>
            ) : flag === true ? (
              <span className="channels__state channels__state--on">on file</span>
            ) : (
              <span className="channels__state channels__state--none">unknown</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

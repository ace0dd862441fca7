/*
 * ContactChannels — the `list` "Contact channels": Email, Phone, Telegram, LinkedIn. Before a reveal
 * each item says "on file" / "not on file" (from the `has*` flags); once a value is known (revealed, or
 * already unlocked on a team list) it shows the value, a proper link and a Copy button.
 */
import type { Ref } from 'react';
import type { Person } from '@/lib/api';
import { CONTACT_CHANNELS, channelValueOnRecord, type ContactChannelId } from '@/lib/api/contact-channels';
import type { RevealedChannels } from '@/lib/credits/reveals';
import { FlagItems } from '@/components/shared/channel-flags';
import { BreakableText } from '@/components/shared/breakable-text';
import { CopyButton } from '@/components/shared/copy-button';
import { emailHref, linkedinHref, phoneHref, telegramHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { linkedInPath } from '@/lib/profile/sites';
import { safeText } from '@/lib/text/safe-text';

/** The link each channel's value becomes: one per channel of the table in lib/api/contact-channels.ts. */
const HREF: Record<ContactChannelId, (v: string) => string | null> = {
  email: emailHref,
  phone: phoneHref,
  telegram: telegramHref,
  linkedinUrl: linkedinHref,
};

/**
 * The channel table (lib/api/contact-channels.ts, in the spec's order) with each value's SafeLink props:
 * LinkedIn only over https, the others also as mailto:/tel:/t.me links.
 */
export const CHANNELS = CONTACT_CHANNELS.map((c) => ({
  key: c.id,
  label: c.label,
  flag: c.flag,
  link: (v: string) => ({ href: HREF[c.id](v), allowContact: c.id !== 'linkedinUrl', httpsOnly: c.id === 'linkedinUrl' }),
}));

/**
 * How a value reads in the list: a LinkedIn profile URL as its path ("in/ada-lindqvist"), which is all
 * that tells one apart; anything else as it is. The link still goes to the whole URL.
 */
export function shownValue(key: ContactChannelId, value: string): string {
  return (key === 'linkedinUrl' && linkedInPath(value)) || value;
}

/** Channel names the `has*` flags say are on file. */
export function channelsOnFile(person: Person): string[] {
  return CHANNELS.filter((c) => person[c.flag] === true).map((c) => c.label);
}

/** A known value for a channel: revealed first, then what the API returned on the record. */
function channelValue(person: Person, revealed: RevealedChannels | undefined, key: ContactChannelId): string | null | undefined {
  const fromReveal = revealed?.[key];
  if (typeof fromReveal === 'string' && fromReveal.trim() !== '') return fromReveal;
  const onRecord = channelValueOnRecord(person, key);
  if (onRecord !== null) return onRecord;
  // null in a reveal = the person has none on file; undefined = we do not know yet.
  return revealed && key in revealed ? null : undefined;
}

/** Every channel whose value is known (revealed or already unlocked), by key. */
export function knownChannels(person: Person, revealed: RevealedChannels | undefined): Partial<Record<ContactChannelId, string>> {
  const known: Partial<Record<ContactChannelId, string>> = {};
  for (const c of CHANNELS) {
    const value = channelValue(person, revealed, c.key);
    if (typeof value === 'string') known[c.key] = value;
  }
  return known;
}

export interface ContactChannelsProps {
  /** The `has*` flags and any private channel the API already returned. */
  person: Person;
  /** Channels this account paid to reveal. */
  revealed?: RevealedChannels;
  /** The list takes focus after a confirmed reveal (it is where the values appear). */
  ref?: Ref<HTMLUListElement>;
  /** A channel not worth a line: LinkedIn on a LinkedIn page (the rep is looking at it). */
  omit?: ContactChannelId | undefined;
}

export function ContactChannels({ person, revealed, ref, omit }: ContactChannelsProps) {
  const channels = CHANNELS.filter((c) => c.key !== omit);
  // Nothing known yet: one line of chips, as every list of people shows them ("✓ Email ✕ Phone …"). The
  // same <ul> turns into the rows of values after a reveal, so focus placed on it stays there.
  if (channels.every((c) => channelValue(person, revealed, c.key) === undefined)) {
    return (
      <ul className="channel-flags channels--compact" aria-label="Contact channels" ref={ref} tabIndex={-1}>
        <FlagItems person={person} omit={omit} />
      </ul>
    );
  }
  return (
    <ul className="channels" aria-label="Contact channels" ref={ref} tabIndex={-1}>
      {channels.map((c) => {
        const value = channelValue(person, revealed, c.key);
        const flag = person[c.flag];
        return (
          <li key={c.key} className="channels__item">
            <span className="channels__label">{c.label}</span>
            {typeof value === 'string' ? (
              <span className="channels__value">
                {/* The <wbr>s would read as spaces in some accessible-name computations: name the link by its value. */}
                <SafeLink {...c.link(value)} className="channels__text" aria-label={safeText(value)}>
                  <BreakableText text={shownValue(c.key, value)} />
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

import type { Person } from './schemas';

/*
 * A person's contact channels, once, in the spec's order (email, phone, telegram, linkedinUrl) that every surface
 * uses. Their links: components/sidepanel/contact-channels.tsx (a Record over ContactChannelId: none can lack one).
 */
export const CONTACT_CHANNELS = [
  { id: 'email', label: 'Email', flag: 'hasEmail' },
  { id: 'phone', label: 'Phone', flag: 'hasPhone' },
  { id: 'telegram', label: 'Telegram', flag: 'hasTelegram' },
  { id: 'linkedinUrl', label: 'LinkedIn', flag: 'hasLinkedin' },
] as const satisfies readonly { id: keyof Person; label: string; flag: keyof Person }[];

export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export type ContactChannelId = ContactChannel['id'];
export type ContactChannelFlag = ContactChannel['flag'];

/** The private fields, in order (reveal records, CSV columns). */
export const CONTACT_CHANNEL_IDS: readonly ContactChannelId[] = CONTACT_CHANNELS.map((c) => c.id);

/** The value the record carries for a channel, or null (never revealed, or blank). */
export function channelValueOnRecord(person: Pick<Person, ContactChannelId>, id: ContactChannelId): string | null {
  const value = person[id];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** True when the record carries a channel's value (revealed, or unlocked before): nothing is left to pay for. */
export function hasKnownChannel(person: Pick<Person, ContactChannelId>): boolean {
  return CONTACT_CHANNEL_IDS.some((id) => channelValueOnRecord(person, id) !== null);
}

/** Every private channel of the record (null where none), as a reveal record stores them. */
export function channelsOf(person: Pick<Person, ContactChannelId>): Record<ContactChannelId, string | null> {
  return Object.fromEntries(CONTACT_CHANNEL_IDS.map((id) => [id, person[id] ?? null])) as Record<ContactChannelId, string | null>;
}

/** The record with no private channel: what may be shown of a person whose X account is not confirmed. */
export function withoutChannels<P extends Pick<Person, ContactChannelId>>(person: P): P {
  return { ...person, ...Object.fromEntries(CONTACT_CHANNEL_IDS.map((id) => [id, null])) };
}

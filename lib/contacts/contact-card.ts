/*
 * What "Copy all" and "Download vCard" export for one revealed contact. Plain data, no React: the person
 * card assembles it from the record and the reveal, the text and vCard builders only format it.
 */
import { normalizeName } from '@/lib/lookup/normalize-name';
import { safeText } from '@/lib/text/safe-text';

export interface ContactCard {
  firstName?: string | null;
  lastName?: string | null;
  /** Display name (never empty in practice: the card falls back to the handle). */
  name: string;
  title?: string | null;
  company?: string | null;
  xHandle?: string | null;
  email?: string | null;
  phone?: string | null;
  telegram?: string | null;
  linkedinUrl?: string | null;
}

/** The channels in the order the card lists them. */
export const CARD_CHANNELS = [
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['telegram', 'Telegram'],
  ['linkedinUrl', 'LinkedIn'],
] as const;

/** Directory text on one line: no bidi controls, invisible characters or line breaks (no injected lines). */
export const oneLine = (v: string | null | undefined): string => safeText(v);

/**
 * The company to print, or null. An angel's "company" is her own investor profile, named after her:
 * repeating her name as the company says nothing.
 */
export function companyOf(card: Pick<ContactCard, 'name' | 'company'>): string | null {
  const company = oneLine(card.company);
  if (!company) return null;
  return normalizeName(company) === normalizeName(card.name) ? null : company;
}

/** `@handle` without a doubled @, or null. */
export function handleOf(card: Pick<ContactCard, 'xHandle'>): string | null {
  const h = oneLine(card.xHandle).replace(/^@+/, '');
  return h ? `@${h}` : null;
}

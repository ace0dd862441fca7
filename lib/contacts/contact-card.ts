// What "Copy all" (here) and "Download vCard" (./vcard.ts) export for one revealed contact: the card assembles it.
import { foldLetters } from '@/lib/lookup/normalize-name';
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
const CARD_CHANNELS = [
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['telegram', 'Telegram'],
  ['linkedinUrl', 'LinkedIn'],
] as const;

// Directory text goes out on one line (safeText): no bidi controls, invisible characters or line breaks (no injected lines).

/**
 * The company to print, or null when it only repeats the name (an angel's "company" is her own investor
 * profile). Compared whole, folded: `normalizeName` cuts at "|", and "Sofia Marchetti | Capital" is a company.
 */
export function companyOf(card: Pick<ContactCard, 'name' | 'company'>): string | null {
  const company = safeText(card.company);
  if (!company) return null;
  return sameWords(company) === sameWords(card.name) ? null : company;
}

function sameWords(text: string): string {
  return foldLetters(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** `@handle` without a doubled @, or null. */
function handleOf(card: Pick<ContactCard, 'xHandle'>): string | null {
  const h = safeText(card.xHandle).replace(/^@+/, '');
  return h ? `@${h}` : null;
}

/** "Copy all": name, title and company, then "Label: value" per channel; a name with a newline cannot forge an "Email:" line. */
export function contactText(card: ContactCard): string {
  const lines = [safeText(card.name)];
  const title = safeText(card.title);
  const company = companyOf(card);
  const role = title && company ? `${title} at ${company}` : title || company;
  if (role) lines.push(role);
  for (const [key, label] of CARD_CHANNELS) {
    const value = safeText(card[key]);
    if (value) lines.push(`${label}: ${value}`);
  }
  const handle = handleOf(card);
  if (handle) lines.push(`X: ${handle}`);
  return lines.filter(Boolean).join('\n');
}

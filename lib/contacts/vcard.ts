/*
 * "Download vCard": a revealed contact as vCard 3.0 (RFC 2426), which every address book imports: text
 * escaped, CRLF lines folded at 75 octets without splitting a UTF-8 character. Telegram and X go in
 * X-SOCIALPROFILE, which Apple and Google read as social profiles.
 */
import { xProfileUrl } from '@/lib/profile/sites';
import { safeText } from '@/lib/text/safe-text';
import { companyOf, type ContactCard } from './contact-card';

/** RFC 2426 §4: escape `\`, `,`, `;` and line breaks in a text value. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A URI value is not escaped as text: the few characters that would end or split it are percent-encoded. */
function escapeUri(value: string): string {
  return value.replace(/[\\,;]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** UTF-8 octets of one code point (counted, not encoded: a 10,000-contact export folds every line). */
function utf8Size(char: string): number {
  const cp = char.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** RFC 2426 §2.6: lines over 75 octets continue on the next line after CRLF + one space. */
export function foldLine(line: string): string {
  // Short ASCII lines (most of them) need no folding and no walk.
  if (line.length <= 75 && /^[\x20-\x7E]*$/.test(line)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Size(char);
    // The first line holds 75 octets; a continuation line's leading space counts too, so 74 after it.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A Telegram value (`@handle`, `handle` or a t.me link) as a t.me URL, or null when it is neither. */
function telegramUrl(value: string): string | null {
  const handle = /^@?([A-Za-z0-9_]{3,32})$/.exec(value)?.[1];
  if (handle) return `https://t.me/${handle}`;
  return /^https:\/\/t\.me\/\S+$/.test(value) ? value : null;
}

const isHttps = (value: string) => /^https:\/\/\S+$/.test(value);

export function vCard(card: ContactCard): string {
  const name = safeText(card.name) || 'Unnamed contact';
  const first = safeText(card.firstName);
  const last = safeText(card.lastName);
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${escapeText(last)};${escapeText(first)};;;`, `FN:${escapeText(name)}`];
  const texts = [
    ['ORG', companyOf(card)],
    ['TITLE', safeText(card.title)],
    ['EMAIL;TYPE=INTERNET', safeText(card.email)],
    ['TEL;TYPE=CELL', safeText(card.phone)],
  ] as const;
  for (const [property, value] of texts) if (value) lines.push(`${property}:${escapeText(value)}`);
  const telegram = safeText(card.telegram);
  if (telegram) {
    const url = telegramUrl(telegram);
    lines.push(url ? `X-SOCIALPROFILE;TYPE=telegram:${escapeUri(url)}` : `NOTE:${escapeText(`Telegram: ${telegram}`)}`);
  }
  const linkedin = safeText(card.linkedinUrl);
  if (linkedin) lines.push(isHttps(linkedin) ? `URL;TYPE=LinkedIn:${escapeUri(linkedin)}` : `NOTE:${escapeText(`LinkedIn: ${linkedin}`)}`);
  const x = xProfileUrl(safeText(card.xHandle));
  if (x) lines.push(`X-SOCIALPROFILE;TYPE=twitter:${x}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name for the card: the name's letters and digits, or "contact". */
export function vCardFileName(card: Pick<ContactCard, 'name'>): string {
  const base = safeText(card.name)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'contact'}.vcf`;
}

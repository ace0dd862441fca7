/*
 * "Copy all": a revealed contact as plain text (name, title and company, then "Label: value" per channel).
 * Every value is forced onto one line: a name with a newline cannot forge an extra "Email:" line.
 */
import { safeText } from '@/lib/text/safe-text';
import { CARD_CHANNELS, companyOf, handleOf, type ContactCard } from './contact-card';

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

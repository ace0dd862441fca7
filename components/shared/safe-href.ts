/*
 * Which URLs from the API may become links. API text is untrusted: a `javascript:` or `data:` URL in a
 * record must never be clickable. Pure functions, shared by SafeLink, SafeImage and the contact links.
 *
 *   safeHref(url, { allowContact?, httpsOnly? }) → the normalised href, or null (render as text).
 *     - default: `https:` and `http:` only
 *     - allowContact: also `mailto:` and `tel:` (revealed contact channels)
 *     - httpsOnly: `https:` only (images, upgrade/payment links)
 */
import { xProfileUrl } from '@/lib/profile/sites';

export interface SafeHrefOptions {
  /** Also accept `mailto:` and `tel:` (revealed contact channels only). */
  allowContact?: boolean;
  /** Accept `https:` only (images, payment links). Wins over `allowContact`. */
  httpsOnly?: boolean;
}

// Control characters and whitespace inside a URL are how `java\tscript:` tricks slip past naive checks;
// the URL parser strips some of them, so we refuse any rather than guess what a browser would do.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

export function safeHref(url: unknown, options: SafeHrefOptions = {}): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.length > 2048 || CONTROL_OR_SPACE.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed); // no base: relative URLs are refused
  } catch {
    return null;
  }
  const protocol = parsed.protocol;
  if (options.httpsOnly) return protocol === 'https:' && parsed.hostname !== '' ? parsed.href : null;
  if (protocol === 'https:' || protocol === 'http:') return parsed.hostname !== '' ? parsed.href : null;
  if (options.allowContact && (protocol === 'mailto:' || protocol === 'tel:')) return parsed.href;
  return null;
}

/** The X profile link for a handle ("@AdaQuant", "AdaQuant" or its profile URL), else null. */
export const xProfileHref: (handle: unknown) => string | null = xProfileUrl;

/** A company `domain` ("quantlayer.xyz", or a full URL) as a website link, else null. */
export function websiteHref(domain: unknown): string | null {
  if (typeof domain !== 'string') return null;
  const d = domain.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(d)) return safeHref(d);
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/[^\s]*)?$/i.test(d) ? safeHref(`https://${d}`) : null;
}

/** A revealed email as `mailto:`, else null. Plain addresses only: `?`/`&` would smuggle headers (bcc=, body=). */
export function emailHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  return /^[A-Za-z0-9._+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(v) ? safeHref(`mailto:${v}`, { allowContact: true }) : null;
}

/** A revealed phone number as `tel:` (digits and a leading + only), else null. */
export function phoneHref(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[\d\s()+.-]{4,40}$/.test(value.trim())) return null;
  const digits = value.trim().replace(/(?!^\+)[^\d]/g, '');
  return /^\+?\d{4,20}$/.test(digits) ? safeHref(`tel:${digits}`, { allowContact: true }) : null;
}

/** A revealed Telegram handle ("@name", "name" or a t.me URL) as `https://t.me/{name}`, else null. */
export function telegramHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  const fromUrl = /^https?:\/\/(?:www\.)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_]+)\/?$/i.exec(v)?.[1];
  const name = fromUrl ?? v.replace(/^@/, '');
  return /^[A-Za-z0-9_]{3,64}$/.test(name) ? `https://t.me/${name}` : null;
}

/**
 * A Telegram chat with a drafted message: `https://t.me/<username>?text=<message>` (Telegram fills the
 * draft only in private chats with regular users, so the card copies the message as well). Null when the
 * value is not a Telegram username or link.
 */
export function telegramMessageHref(value: unknown, message: string): string | null {
  const chat = telegramHref(value);
  return chat && `${chat}?text=${encodeURIComponent(message)}`;
}

/** A drafted email: `mailto:<address>?subject=…&body=…`, each part URL-encoded (spaces as %20, as mail apps expect). */
export function emailDraftHref(value: unknown, subject: string, body: string): string | null {
  const to = emailHref(value);
  return to && `${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** A LinkedIn URL: https only (it is a contact channel, and http has no business there). */
export function linkedinHref(value: unknown): string | null {
  return safeHref(value, { httpsOnly: true });
}

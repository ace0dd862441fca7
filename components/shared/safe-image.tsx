/*
 * SafeImage — the avatar or logo box of a record: initials, never a remote image. A directory record's
 * `avatarUrl`/`logoUrl` may name any host, and loading it when a card is shown would tell that host who
 * is being looked at, and when (a tracking pixel). The name is printed next to the box anyway.
 *
 * Decorative: the name is always printed next to it, so the box is hidden from assistive technology.
 */

/** Up to two initials for an avatar/logo fallback ("Ada Lindqvist" → "AL", "QuantLayer" → "Q"). */
function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toUpperCase();
}

export interface SafeImageProps {
  /** The record's image URL: deliberately not loaded (see above) */
  src: string | null | undefined;
  /** Whose picture it is; gives the initials. */
  name: string | null | undefined;
  /** Square size in px (default 40) */
  size?: number;
  /** Default 'circle'; logos use 'square'. */
  shape?: 'circle' | 'square';
  className?: string;
}

export function SafeImage({ name, size = 40, shape = 'circle', className }: SafeImageProps) {
  const classes = ['safe-image', `safe-image--${shape}`, 'safe-image--fallback', className].filter(Boolean).join(' ');
  return (
    <span
      className={classes}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
      data-testid="image-fallback"
    >
      {initials(name)}
    </span>
  );
}

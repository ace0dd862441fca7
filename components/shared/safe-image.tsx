/*
 * SafeImage — the avatar or logo box of a record: initials, never a remote image. A directory record's
 * `avatarUrl`/`logoUrl` may name any host, and loading it when a card is shown would tell that host who
 * is being looked at, and when (a tracking pixel). The name is printed next to the box anyway.
 *
 * Props (stable; the options/popup pages use this too):
 *   src        string | null | undefined — the record's image URL: deliberately not loaded (see above)
 *   name       string | null | undefined — whose picture it is; gives the initials
 *   size?      number — square size in px (default 40)
 *   shape?     'circle' | 'square' (default 'circle'; logos use 'square')
 *   className?
 *
 * Decorative: the name is always printed next to it, so the box is hidden from assistive technology.
 */
import { initials } from './initials';

export interface SafeImageProps {
  src: string | null | undefined;
  name: string | null | undefined;
  size?: number;
  shape?: 'circle' | 'square';
  className?: string;
}

export function SafeImage({ name, size = 40, shape = 'circle', className }: SafeImageProps) {
  const classes = ['safe-image', `safe-image--${shape}`, 'safe-image--fallback', className].filter(Boolean).join(' ');
  return (
    <span className={classes} style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} aria-hidden="true" data-testid="image-fallback">
      {initials(name)}
    </span>
  );
}

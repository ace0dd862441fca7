/*
 * SafeImage — an avatar or logo loaded only from `https:`, with an initials fallback that takes the
 * same box (no layout jump when the image is missing, refused or fails to load).
 *
 * Props (stable; the options/popup pages use this too):
 *   src        string | null | undefined — untrusted image URL from the API (https only)
 *   name       string | null | undefined — whose picture it is; gives the initials fallback
 *   size?      number — square size in px (default 40)
 *   shape?     'circle' | 'square' (default 'circle'; logos use 'square')
 *   className?
 *
 * Decorative: the name is always printed next to it, so the image has empty alt text.
 */
import { useState } from 'react';
import { safeHref } from './safe-href';
import { initials } from './initials';

export interface SafeImageProps {
  src: string | null | undefined;
  name: string | null | undefined;
  size?: number;
  shape?: 'circle' | 'square';
  className?: string;
}

export function SafeImage({ src, name, size = 40, shape = 'circle', className }: SafeImageProps) {
  const safe = safeHref(src, { httpsOnly: true });
  const [failed, setFailed] = useState<string | null>(null);
  const classes = ['safe-image', `safe-image--${shape}`, className].filter(Boolean).join(' ');
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (safe === null || failed === safe) {
    return (
      <span className={`${classes} safe-image--fallback`} style={style} aria-hidden="true" data-testid="image-fallback">
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      className={classes}
      style={style}
      src={safe}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(safe)}
    />
  );
}

/*
 * SafeLink — a link only when the URL is safe, otherwise the same text as plain text.
 *
 * Links open in a new tab with rel="noopener noreferrer" (`mailto:`/`tel:` hand off to the system
 * handler instead, so they get no target and leave no blank tab behind).
 */
import type { ReactNode } from 'react';
import { safeHref } from './safe-href';
import { SafeText } from './safe-text';

export interface SafeLinkProps {
  /** Untrusted URL from the API. */
  href: string | null | undefined;
  /** Link text; defaults to the URL itself. */
  children?: ReactNode;
  /** Also allow `mailto:` / `tel:` (revealed contact channels) */
  allowContact?: boolean;
  /** Allow `https:` only (payment / upgrade links) */
  httpsOnly?: boolean;
  className?: string;
  title?: string;
  'aria-label'?: string;
}

export function SafeLink({ href, children, allowContact, httpsOnly, className, title, 'aria-label': ariaLabel }: SafeLinkProps) {
  const safe = safeHref(href, { allowContact, httpsOnly });
  const content = children ?? <SafeText text={href} />;
  if (safe === null) {
    return (
      <span className={className ? `${className} unsafe-link` : 'unsafe-link'} title={title}>
        {content}
      </span>
    );
  }
  const external = safe.startsWith('http:') || safe.startsWith('https:');
  return (
    <a
      href={safe}
      className={className}
      title={title}
      aria-label={ariaLabel}
      target={external ? '_blank' : undefined}
      rel="noopener noreferrer"
    >
      {content}
    </a>
  );
}

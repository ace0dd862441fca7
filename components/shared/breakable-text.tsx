/*
 * BreakableText — a URL, email or handle that may wrap at sensible points only: after "/" and before
 * ".", "@", "?", "&", "#" and "=" (a <wbr> at each), so "https://www.linkedin.com/in/ada-lindqvist"
 * wraps as "https://www.linkedin.com/in/" + "ada-lindqvist", never "ada-lindqv|ist". A single piece too
 * long for the line still breaks (overflow-wrap: break-word) rather than being clipped. Text is made
 * safe as in SafeText.
 */
import { Fragment } from 'react';
import { safeText } from '@/lib/text/safe-text';

export interface BreakableTextProps {
  /** Untrusted. */
  text: string | null | undefined;
  className?: string;
}

/** The text cut where a break may go: after a run of "/", before ".", "@", "?", "&", "#", "=". */
export function breakPieces(text: string): string[] {
  return text.split(/(?<=\/)(?=[^/])|(?<=[^/])(?=[.@?&#=])/).filter((p) => p !== '');
}

export function BreakableText({ text, className }: BreakableTextProps) {
  const pieces = breakPieces(safeText(text));
  return (
    <bdi className={className ? `breakable ${className}` : 'breakable'}>
      {pieces.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </bdi>
  );
}

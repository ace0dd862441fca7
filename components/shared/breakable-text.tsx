/*
 * BreakableText — a URL, email or handle that may wrap at safe points only (a <wbr> at each): a URL after
 * "/" and before "?", "&", "#" and "=", an email only before "@". Never inside a domain: "ada@quantlayer.xyz"
 * wraps as "ada" + "@quantlayer.xyz", never "ada@quantlayer" + ".xyz"; "https://www.linkedin.com/in/ada-lindqvist"
 * as "https://www.linkedin.com/in/" + "ada-lindqvist", never "ada-lindqv|ist". A single piece too long for
 * the line still breaks (overflow-wrap: break-word) rather than being clipped. Text is made safe as in SafeText.
 */
import { Fragment } from 'react';
import { safeText } from '@/lib/text/safe-text';

export interface BreakableTextProps {
  /** Untrusted. */
  text: string | null | undefined;
  className?: string;
}

/** An email address: the domain after "@" is kept whole. */
const EMAIL = /^[^\s/@]+@[^\s/@]+$/;

/** The text cut where a break may go: an email before "@"; anything else after a run of "/" and before "?", "&", "#", "=". */
export function breakPieces(text: string): string[] {
  if (EMAIL.test(text)) return text.split(/(?=@)/);
  return text.split(/(?<=\/)(?=[^/])|(?<=[^/])(?=[?&#=])/).filter((p) => p !== '');
}

/** A piece that holds a domain ("@quantlayer-foundation.example", "https://www.linkedin.com/"): drawn on one line. */
export function isDomainPiece(piece: string, index: number): boolean {
  return piece.startsWith('@') ? piece.includes('.') : index === 1 && piece.endsWith('/') && piece.includes('.');
}

export function BreakableText({ text, className }: BreakableTextProps) {
  const pieces = breakPieces(safeText(text));
  return (
    <bdi className={className ? `breakable ${className}` : 'breakable'}>
      {pieces.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {/* A domain label is never cut, not even after a hyphen ("quantlayer-|foundation"). */}
          {isDomainPiece(p, i) ? <span className="breakable__domain">{p}</span> : p}
        </Fragment>
      ))}
    </bdi>
  );
}

/*
 * CellText — directory text in a Leads table cell (a name, a handle, a title, a company, a tag): it wraps
 * between words only, never inside one ("QuantLay|er", nor after the hyphen of "Jean-Luc"), and a word
 * too long for its column ends in "…" (leads.css) with the whole text as the element's title. The text is
 * made safe and isolated as in SafeText; screen readers read it whole.
 */
import { safeText } from '@/lib/text/safe-text';

export interface CellTextProps {
  /** Untrusted. */
  text: string | null | undefined;
  className?: string;
}

/**
 * Characters a line may break beside inside a word: anything but letters, marks, digits and . , & ' ’ @ _
 * (a hyphen, a slash, an emoji…), and the scripts lines break inside words by default (Chinese,
 * Japanese, Korean, and Thai, Lao, Khmer and Burmese, broken by dictionary).
 */
const MAY_BREAK_INSIDE =
  /[^\p{L}\p{M}\p{N}.,&'’@_]|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * The text as runs: plain text (words no line can break inside, and the spaces between words) and the
 * words that must be kept whole (`keep`). Most names are one plain run: a table of them stays light.
 */
export function cellPieces(text: string): { text: string; keep: boolean }[] {
  const pieces: { text: string; keep: boolean }[] = [];
  for (const [part] of text.matchAll(/\s+|\S+/g)) {
    const keep = !/^\s/.test(part) && MAY_BREAK_INSIDE.test(part);
    const last = pieces.at(-1);
    if (!keep && last && !last.keep) last.text += part;
    else pieces.push({ text: part, keep });
  }
  return pieces;
}

export function CellText({ text, className }: CellTextProps) {
  const safe = safeText(text);
  return (
    <bdi className={className ? `cell-text ${className}` : 'cell-text'} title={safe}>
      {cellPieces(safe).map((p, i) =>
        p.keep ? (
          <span key={i} className="cell-text__word">
            {p.text}
          </span>
        ) : (
          p.text
        ),
      )}
    </bdi>
  );
}

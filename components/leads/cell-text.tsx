/*
 * CellText — directory text in a Leads table cell (a name, a handle, a title, a company): it wraps
 * between words only, never inside one ("QuantLay|er", nor after the hyphen of "Jean-Luc"), and a word
 * too long for its column ends in "…" (leads.css) with the whole text as the element's title. The text is
 * made safe and isolated as in SafeText; screen readers read it whole.
 */
import { Fragment } from 'react';
import { safeText } from '@/lib/text/safe-text';

export interface CellTextProps {
  /** Untrusted. */
  text: string | null | undefined;
  className?: string;
}

/** The text as words and the spaces between them (a word is `\S+`: where the line may not break). */
export function cellWords(text: string): { word: string; space: string }[] {
  return [...text.matchAll(/(\S+)(\s*)/g)].map(([, word, space]) => ({ word: word!, space: space! }));
}

export function CellText({ text, className }: CellTextProps) {
  const safe = safeText(text);
  return (
    <bdi className={className ? `cell-text ${className}` : 'cell-text'} title={safe}>
      {cellWords(safe).map(({ word, space }, i) => (
        <Fragment key={i}>
          <span className="cell-text__word">{word}</span>
          {space}
        </Fragment>
      ))}
    </bdi>
  );
}

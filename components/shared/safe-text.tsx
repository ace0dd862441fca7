/*
 * SafeText — text from a page or the directory, shown so it cannot reorder what surrounds it: bidi
 * controls and invisible characters are removed (lib/text/safe-text.ts), and the rest is isolated in a
 * `<bdi>` so a genuine right-to-left name keeps its own direction without moving our words.
 */
import { safeText } from '@/lib/text/safe-text';

export interface SafeTextProps {
  /** Untrusted. */
  text: string | null | undefined;
  /** Keep paragraph breaks (summaries) */
  multiline?: boolean;
  className?: string;
}

export function SafeText({ text, multiline, className }: SafeTextProps) {
  return <bdi className={className}>{safeText(text, { multiline })}</bdi>;
}

/**
 * Trim and collapse whitespace (including no-break spaces and line breaks from markup);
 * undefined when nothing is left. Emoji, ZWJ sequences and other symbols are kept as-is.
 */
export function cleanText(text: string | null | undefined): string | undefined {
  const cleaned = (text ?? '').replace(/[\s\u200B]+/g, ' ').trim();
  return cleaned === '' ? undefined : cleaned;
}

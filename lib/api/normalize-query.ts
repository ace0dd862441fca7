/**
 * The one normal form of a search query: Unicode NFC (an NFD "Müller" is the same question), case-folded,
 * whitespace collapsed and trimmed. Nothing looser: accents, punctuation and word order are kept, because
 * the API may answer "Jürgen" and "Jurgen" differently and one answer must never be served for another.
 */
export function normalizeQuery(q: unknown): string {
  if (typeof q !== 'string') return '';
  return q.normalize('NFC').toLowerCase().normalize('NFC').replace(/\s+/gu, ' ').trim();
}

// Names on LinkedIn come decorated ("Dr. Jürgen Müller, CFA 🚀", "Jane Doe (she/her)"); directory
// records are plain. Both sides are folded the same way so that only the name itself is compared.

const LETTER_FOLDS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ß: 'ss', ı: 'i' };

const HONORIFICS = new Set('dr mr mrs ms mx miss prof professor sir dame rev hon'.split(' '));
const SUFFIXES = new Set('phd mba cfa cpa md jd msc bsc ma ba jr sr ii iii iv esq pmp frm acca ceng'.split(' '));

/** Removes emoji, bracketed asides ("(she/her)") and text after a separator ("Jane Doe | Web3"). */
export function cleanDisplayName(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-misleading-character-class -- joiners, selectors and flag halves are removed one code point at a time
      .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{20E3}\u{1F1E6}-\u{1F1FF}]/gu, ' ')
      .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
      .split(/\s[|–—•·]\s|\s-\s|[|•·]/u)[0]!
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Lower-cased and accent-free ("Jürgen Øster" → "jurgen oster"): names compare, and the Leads page searches, folded. */
export function foldLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/[øæœłđðþßı]/g, (c) => LETTER_FOLDS[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** The comparison key of a personal or organisation name: its cleaned, folded, punctuation-free words, minus honorifics and credentials. */
export function normalizeName(raw: string): string {
  const folded = foldLetters(cleanDisplayName(raw))
    .replace(/['’`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const tokens = folded.split(' ').filter(Boolean);
  // Credentials trail the name ("Jane Doe, CFA"), honorifics lead it ("Dr. Jane Doe").
  while (tokens.length > 1 && HONORIFICS.has(tokens[0]!)) tokens.shift();
  while (tokens.length > 1 && SUFFIXES.has(tokens[tokens.length - 1]!)) tokens.pop();
  return tokens.join(' ');
}

/** A handle compared the way X does: case-insensitive, without a leading "@". */
export function normalizeHandle(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/^@/, '').toLowerCase();
}

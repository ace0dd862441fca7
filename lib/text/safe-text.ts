/*
 * Text from a page or the directory, safe beside our own words: bidi controls (an override in a name turns
 * the sentence backwards) and invisible characters ("Ada\u200BQuant" beside "AdaQuant") are removed.
 * Rendering still isolates it (`<bdi>`, components/shared/safe-text.tsx) so right-to-left names keep theirs.
 */

/** Embeddings, overrides, isolates and marks: U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Characters that draw nothing (soft hyphen, CGJ, Hangul fillers, zero-widths, invisible operators, BOM, …). */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- each code point is removed on its own, combining ones included
  /[\u00AD\u034F\u115F\u1160\u180B-\u180F\u200B\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{1D173}-\u{1D17A}]/gu;

/** Tag characters: invisible, except in the flag sequences that need them (🏴 + tags, e.g. Scotland). */
const STRAY_TAGS = /(?<!\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0000}-\u{E007F}]/gu;

/** Zero-width (non-)joiners are needed in emoji and some scripts; beside ASCII, whitespace or an edge they only hide a break. */
// eslint-disable-next-line no-control-regex -- \x00-\x7F is the ASCII range, named by its bounds
const STRAY_JOINERS = /(?<![^\s\x00-\x7F])[\u200C\u200D]|[\u200C\u200D](?![^\s\x00-\x7F])/g;

/** Control characters and line/paragraph separators: read as a space. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\x00-\x1F\x7F-\x9F\u2028\u2029]/g;

/** Only removes bidi controls and invisible characters; whitespace and line breaks stay (CSV fields). */
export function stripUnsafeCharacters(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(INVISIBLE, '').replace(STRAY_TAGS, '').replace(STRAY_JOINERS, '');
}

/** The text without bidi controls or invisible characters, whitespace collapsed and trimmed; `multiline` keeps line breaks. */
export function safeText(text: string | null | undefined, options: { multiline?: boolean } = {}): string {
  if (typeof text !== 'string' || text === '') return '';
  let out = stripUnsafeCharacters(text);
  if (options.multiline) {
    out = out
      .replace(/\r\n?/g, '\n')
      .replace(/[^\S\n]*\n[^\S\n]*/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(CONTROLS, (c) => (c === '\n' ? c : ' '))
      .replace(/[^\S\n]+/g, ' ');
  } else {
    out = out.replace(CONTROLS, ' ').replace(/\s+/g, ' ');
  }
  return out.trim();
}

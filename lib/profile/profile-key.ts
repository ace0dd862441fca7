// Cache keys: lower-cased because X handles and LinkedIn slugs are case-insensitive, and one
// person must map to one cache entry (and one credit) whichever case a link used.

export function xProfileKey(handle: string): string {
  return `x:${handle.toLowerCase()}`;
}

export function linkedInPersonKey(slug: string): string {
  return `li:in:${foldSlug(slug)}`;
}

/** Companies, schools and showcase pages share LinkedIn's organisation namespace. */
export function linkedInCompanyKey(slug: string): string {
  return `li:company:${foldSlug(slug)}`;
}

// NFC first so a decomposed "u + ¨" and a composed "ü" give the same key.
function foldSlug(slug: string): string {
  return slug.normalize('NFC').toLowerCase();
}

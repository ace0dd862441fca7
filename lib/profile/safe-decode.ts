/** `decodeURIComponent` that returns null on malformed input (`%E0%A4%A`) instead of throwing. */
export function safeDecodeURIComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

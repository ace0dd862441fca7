/** Anything → an absolute http(s) URL, or null; never throws. A scheme-less `x.com/jack` (as pasted) gets `https://`. */
export function toHttpUrl(input: string | URL): URL | null {
  let text: string;
  try {
    text = String(typeof input === 'string' ? input : input.href).trim();
  } catch {
    return null;
  }
  // `x.com:443/jack` even parses, with the scheme "x.com:", hence the second try.
  return (
    absoluteHttpUrl(text) ??
    (text.startsWith('//') ? absoluteHttpUrl(`https:${text}`) : HOST_FIRST.test(text) ? absoluteHttpUrl(`https://${text}`) : null)
  );
}

// Starts with a dotted host name, then a path, query, port or the end.
const HOST_FIRST = /^[a-z\d-]+(?:\.[a-z\d-]+)+(?=[:/?#]|$)/i;

/** An absolute URL as written (a page's own, a link the site wrote), or null: no leniency, any scheme. */
export function absoluteUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** `absoluteUrl`, http(s) only. */
export function absoluteHttpUrl(text: string): URL | null {
  const url = absoluteUrl(text);
  return url && /^https?:$/.test(url.protocol) ? url : null;
}

/** `decodeURIComponent` that returns null on malformed input (`%E0%A4%A`) instead of throwing. */
export function safeDecodeURIComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Non-empty path segments: `//jack/` and `/jack` are the same page to X and LinkedIn. */
export function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

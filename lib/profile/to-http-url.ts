/**
 * Parse anything into an absolute http(s) URL, or null. Never throws: the input may be
 * garbage, relative, `javascript:`… A scheme-less `x.com/jack` (as pasted) gets `https://`.
 */
export function toHttpUrl(input: string | URL): URL | null {
  let text: string;
  try {
    text = String(typeof input === 'string' ? input : input.href).trim();
  } catch {
    return null;
  }
  // `x.com:443/jack` even parses, with the scheme "x.com:", hence the second try.
  return tryHttp(text) ?? (text.startsWith('//') ? tryHttp(`https:${text}`) : HOST_FIRST.test(text) ? tryHttp(`https://${text}`) : null);
}

// Starts with a dotted host name, then a path, query, port or the end.
const HOST_FIRST = /^[a-z\d-]+(?:\.[a-z\d-]+)+(?=[:/?#]|$)/i;

function tryHttp(text: string): URL | null {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** Trim and collapse whitespace (no-break spaces, line breaks); undefined when nothing is left. Emoji are kept. */
export function cleanText(text: string | null | undefined): string | undefined {
  const cleaned = (text ?? '').replace(/[\s\u200B]+/g, ' ').trim();
  return cleaned === '' ? undefined : cleaned;
}

// Icons, code, and screen-reader-only copies are not what the reader sees.
const SKIPPED_TAGS = /^(?:svg|script|style|template|noscript)$/;
const SKIPPED_CLASSES = /(?:^|\s)(?:visually-hidden|sr-only)(?:\s|$)/;

/** Text as a reader sees it: text nodes plus `img[alt]` (X draws emoji in names as `<img alt="🦇">`). */
export function visibleText(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  if (SKIPPED_TAGS.test(element.localName) || SKIPPED_CLASSES.test(element.getAttribute('class') ?? '')) return '';
  if (element.localName === 'img') return element.getAttribute('alt') ?? '';
  return Array.from(element.childNodes, visibleText).join('');
}

/** An element's visible text, cleaned (undefined when there is none). */
export const shownText = (el: Element | null | undefined): string | undefined => (el ? cleanText(visibleText(el)) : undefined);

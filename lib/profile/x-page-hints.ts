import { cleanText } from './clean-text';
import type { PageHints } from './types';
import { visibleText } from './visible-text';

// Profile header (`UserName`) and post author lines (`User-Name`): both hold name then @handle.
const NAME_BLOCKS = '[data-testid="UserName"], [data-testid="User-Name"]';
// "Display Name (@handle) / X", optionally behind an unread count "(3) ".
const TITLE = /^(?:\(\d+\+?\)\s*)?(.+?)\s*\(@([A-Za-z0-9_]{1,20})\)\s*\/\s*(?:X|Twitter)$/;

/**
 * The display name of `@handle` as shown on the page. Every source must show the handle
 * too, so the header or title of the previous profile (X updates them late) is never used.
 */
export function xProfileHints(doc: Document, handle: string): PageHints {
  const wanted = `@${handle.toLowerCase()}`;
  const name = nameFromBlocks(doc, wanted) ?? nameFromTitle(doc.title, wanted);
  return name === undefined ? {} : { name };
}

function nameFromBlocks(doc: Document, wanted: string): string | undefined {
  for (const block of Array.from(doc.querySelectorAll(NAME_BLOCKS))) {
    // Document order: the name's element comes first, then "@handle", then "Follows you", time…
    const texts = Array.from(block.querySelectorAll('[dir], span')).map((el) => cleanText(visibleText(el)));
    const handleAt = texts.findIndex((text) => text?.toLowerCase() === wanted);
    if (handleAt < 0) continue;
    // A wrapper holding "Name@handle" is not the name.
    const name = texts
      .slice(0, handleAt)
      .find((text) => text !== undefined && !text.startsWith('@') && !text.toLowerCase().includes(wanted));
    if (name !== undefined) return name;
  }
  return undefined;
}

function nameFromTitle(title: string, wanted: string): string | undefined {
  const match = TITLE.exec(cleanText(title) ?? '');
  if (!match || `@${match[2]!.toLowerCase()}` !== wanted) return undefined;
  return cleanText(match[1]);
}

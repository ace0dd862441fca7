import { cleanText } from './clean-text';
import { visibleText } from './visible-text';

/*
 * Row readers for list pages (./list-pages.ts): pure, given the page's Document. Structure only (X's
 * `data-testid`s, LinkedIn's profile links inside list rows), never class names, which both sites rename.
 * A layout they do not recognise gives no rows: never a wrong list.
 */

export const text = (el: Element | null | undefined): string | undefined => (el ? cleanText(visibleText(el)) : undefined);

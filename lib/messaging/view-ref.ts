import type { ViewRef } from './protocol';

// The one way to address a view: a browser tab by its id, or the selection (the top of the panel's
// back stack). Nothing else (no pseudo tab id) names the selection.

export type TabRef = Extract<ViewRef, { tabId: number }>;

export const SELECTION = { selection: true } as const satisfies ViewRef;

export const isSelectionRef = (view: ViewRef): view is Extract<ViewRef, { selection: true }> => 'selection' in view;

/** The tab a view's paid calls are booked against (a selection is about no tab). */
export function tabIdOf(view: ViewRef): number | undefined {
  return isSelectionRef(view) ? undefined : view.tabId;
}

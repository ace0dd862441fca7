/**
 * Opens the directory side panel (Chrome) or sidebar (Firefox). Call it synchronously inside a click
 * handler: both `sidePanel.open` and `sidebarAction.open` need the user gesture, which is lost after an await.
 */
export function openSidePanel(windowId: number | undefined): void {
  const firefox = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;
  if (browser.sidePanel?.open) {
    void browser.sidePanel.open({ windowId: windowId ?? browser.windows.WINDOW_ID_CURRENT }).catch(() => undefined);
  } else if (firefox?.open) {
    void firefox.open().catch(() => undefined);
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { manifestFor } from './manifest-for';

// Alt+Shift+D opens the panel without the mouse. Playwright cannot press a browser command, so the
// declaration is checked here, the key Chromium actually registered in accessibility.spec.ts (keyboard
// test, chrome.commands.getAll), and everything after the panel opens by the keyboard-only e2e.

afterEach(() => vi.unstubAllEnvs());

describe('the open-panel shortcut', () => {
  it.each([
    // Chrome: a command the background turns into sidePanel.open (entrypoints/background.ts).
    ['chrome', 'open-side-panel'],
    // Firefox: the built-in command that toggles the sidebar_action.
    ['firefox', '_execute_sidebar_action'],
  ])('%s declares %s with the suggested key Alt+Shift+D, in development and release builds', async (browser, command) => {
    for (const env of [{ WXT_RELEASE: undefined }, { WXT_RELEASE: '1', WXT_API_BASE_URL: 'https://api.directory.example' }]) {
      const { commands } = await manifestFor(env, browser);
      expect(Object.keys(commands ?? {})).toEqual([command]);
      expect(commands?.[command]).toMatchObject({
        suggested_key: { default: 'Alt+Shift+D' },
        description: expect.stringMatching(/side ?(panel|bar)/i),
      });
    }
  });
});

// Chromium's real side panel in a test: the panel a user opens, following the window's active tab, with no
// "Pinned to one tab" chip (unlike sidepanel.html?tabId=N opened as a tab).
//
// It opens the way a user opens it: the toolbar popup (popup.html, as a page in the same window) and its
// "Open side panel", clicked by Playwright (a trusted click: sidePanel.open needs that user gesture). The
// panel is then a page target of its own, but Chromium does not auto-attach it (it is not a tab), so it is
// never among Playwright's pages. It is driven over CDP instead: attached from a browser session in
// non-flattened mode (Playwright's connection drops messages of sessions it did not open itself), and
// offering what the specs need: find by role and accessible name, a trusted click, text, colour scheme and
// a screenshot.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession } from '@playwright/test';
import { expect } from './fixtures';

/** The accessibility tree's view of one node (the part of CDP's AXNode used here). */
interface AxNode {
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  backendDOMNodeId?: number;
}

type Name = string | RegExp;

const nameMatches = (name: Name, actual: string) => (typeof name === 'string' ? actual === name : name.test(actual));
const contains = (text: Name, actual: string) => (typeof text === 'string' ? actual.includes(text) : text.test(actual));
const described = (role: string, name: Name) => `${role} "${String(name)}"`;

export class RealSidePanel {
  private lastId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  private constructor(
    private readonly browserSession: CDPSession,
    private readonly sessionId: string,
  ) {
    browserSession.on('Target.receivedMessageFromTarget', (event) => {
      if (event.sessionId !== this.sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  /**
   * Opens the panel from the popup in the context's window and attaches to it. The popup page is closed
   * afterwards (as the real popup closes): the panel stays, following whichever tab is then active.
   */
  static async open(context: BrowserContext, extensionId: string): Promise<RealSidePanel> {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Open side panel' }).click();
    const browserSession = await context.browser()!.newBrowserCDPSession();
    const panelUrl = `chrome-extension://${extensionId}/sidepanel.html`;
    let targetId: string | undefined;
    await expect
      .poll(
        async () => {
          const { targetInfos } = await browserSession.send('Target.getTargets');
          targetId = targetInfos.find((t) => t.type === 'page' && t.url === panelUrl)?.targetId;
          return targetId !== undefined;
        },
        { message: `a side panel at ${panelUrl} (no ?tabId)` },
      )
      .toBe(true);
    await popup.close();
    const { sessionId } = await browserSession.send('Target.attachToTarget', { targetId: targetId!, flatten: false });
    const panel = new RealSidePanel(browserSession, sessionId);
    await panel.send('DOM.getDocument', { depth: 0 });
    return panel;
  }

  /** One CDP command to the panel's page. */
  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    const id = ++this.lastId;
    const answer = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    void this.browserSession
      .send('Target.sendMessageToTarget', { sessionId: this.sessionId, message: JSON.stringify({ id, method, params }) })
      .catch((e: Error) => this.pending.get(id)?.reject(e));
    return answer;
  }

  /** An expression evaluated in the panel (awaited), its value returned. */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      {
        expression,
        returnByValue: true,
        awaitPromise: true,
      },
    );
    if (exceptionDetails) throw new Error(`in the side panel: ${exceptionDetails.text}`);
    return result.value;
  }

  url(): Promise<string> {
    return this.evaluate<string>('location.href');
  }

  /** The panel's text as drawn (document.body.innerText). */
  text(): Promise<string> {
    return this.evaluate<string>('document.body.innerText');
  }

  /** The DOM nodes (backend ids) the accessibility tree exposes with this role and accessible name. */
  async find(role: string, name: Name): Promise<number[]> {
    const { nodes } = await this.send<{ nodes: AxNode[] }>('Accessibility.getFullAXTree');
    return nodes
      .filter((n) => !n.ignored && n.role?.value === role && nameMatches(name, n.name?.value ?? ''))
      .flatMap((n) => (n.backendDOMNodeId === undefined ? [] : [n.backendDOMNodeId]));
  }

  /** Waits until exactly one node has this role and name; its backend id. */
  async one(role: string, name: Name, timeout = 10_000): Promise<number> {
    let found: number[] = [];
    await expect
      .poll(async () => (found = await this.find(role, name)).length, {
        message: `one ${described(role, name)} in the side panel`,
        timeout,
      })
      .toBe(1);
    return found[0]!;
  }

  /** A trusted left click at the centre of the one node with this role and name. */
  async click(role: string, name: Name): Promise<void> {
    const backendNodeId = await this.one(role, name);
    await this.send('DOM.scrollIntoViewIfNeeded', { backendNodeId });
    const { quads } = await this.send<{ quads: number[][] }>('DOM.getContentQuads', { backendNodeId });
    const quad = quads[0];
    if (!quad) throw new Error(`${described(role, name)} is not drawn`);
    const x = (quad[0]! + quad[2]! + quad[4]! + quad[6]!) / 4;
    const y = (quad[1]! + quad[3]! + quad[5]! + quad[7]!) / 4;
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  }

  /** Waits until the panel's text contains `text`. */
  async expectText(text: Name, timeout = 10_000): Promise<void> {
    await expect
      .poll(async () => contains(text, await this.text()), {
        message: `side panel text with ${String(text)}`,
        timeout,
      })
      .toBe(true);
  }

  /**
   * Lays the panel out at this size, as a user who drags it to that width (in a window of that height)
   * sees it. Chromium draws a new panel 360 px wide; 320 px is the narrowest it can be dragged to.
   */
  async resize(size: { width: number; height: number }): Promise<void> {
    await this.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: 1, mobile: false });
    await expect
      .poll(() => this.evaluate<number[]>('[innerWidth, innerHeight]'), { message: `the side panel ${size.width}×${size.height} px` })
      .toEqual([size.width, size.height]);
  }

  async colorScheme(scheme: 'light' | 'dark'): Promise<void> {
    await this.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
  }

  /**
   * A PNG of the panel at its own width, down to the bottom of what is drawn (the gallery's rule), once
   * its animations have finished; fails if anything sticks out sideways.
   */
  async photograph(file: string): Promise<void> {
    await expect
      .poll(() => this.evaluate<boolean>(`document.getAnimations().every((a) => a.playState !== 'running')`), {
        message: 'side panel animations finished',
      })
      .toBe(true);
    const drawn = await this.evaluate<{ innerWidth: number; scrollWidth: number; height: number }>(`(() => {
      const bottoms = [...document.body.querySelectorAll('*')].map((el) => el.getBoundingClientRect().bottom + scrollY);
      return {
        innerWidth,
        scrollWidth: document.documentElement.scrollWidth,
        height: Math.ceil(Math.min(document.documentElement.scrollHeight, Math.max(0, ...bottoms) + 12)),
      };
    })()`);
    expect(drawn.scrollWidth, `${file}: nothing sticks out of the side panel`).toBe(drawn.innerWidth);
    const { data } = await this.send<{ data: string }>('Page.captureScreenshot', {
      format: 'png',
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: drawn.innerWidth, height: drawn.height, scale: 1 },
    });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(data, 'base64'));
  }

  async detach(): Promise<void> {
    await this.browserSession.send('Target.detachFromTarget', { sessionId: this.sessionId }).catch(() => undefined);
    await this.browserSession.detach().catch(() => undefined);
  }
}

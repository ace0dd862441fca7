import { describe, expect, it, vi } from 'vitest';
import { createRouter, type Handlers } from './router';

const self = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { id: self.id, url: `${self.origin}/sidepanel.html` };
const content = { id: self.id, url: 'https://x.com/AdaQuant', frameId: 0, tab: { id: 9 } };
const foreign = { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'https://evil.example/' };
const report = {
  url: 'https://x.com/AdaQuant',
  profile: { site: 'x', handle: 'AdaQuant', key: 'x:adaquant', url: 'https://x.com/AdaQuant' },
  hints: {},
};

function setup() {
  const handlers = new Proxy({} as Record<string, ReturnType<typeof vi.fn>>, {
    get: (target, key: string) => (target[key] ??= vi.fn(async () => 'ok')),
  });
  return { handlers, dispatch: createRouter(handlers as unknown as Handlers, self) };
}

describe('message router', () => {
  it('passes a content script profile report with the reporting tab', async () => {
    const { handlers, dispatch } = setup();
    await dispatch('reportProfile', report, content);
    expect(handlers.reportProfile).toHaveBeenCalledWith(report, { kind: 'content-script', tabId: 9, topFrame: true });
  });

  it('accepts "the page left" from a frame being replaced, but never a profile from it', async () => {
    const { handlers, dispatch } = setup();
    const leaving = { ...content, frameId: 2 };
    await expect(dispatch('reportProfile', report, leaving)).rejects.toThrow(/only the top frame/);
    await dispatch('reportProfile', { ...report, profile: null }, leaving);
    expect(handlers.reportProfile).toHaveBeenCalledTimes(1);
  });

  it('drops a late "page left" from the X page once its tab shows a LinkedIn profile (that page reports for itself)', async () => {
    const { handlers, dispatch } = setup();
    const left = { url: 'https://x.com/AdaQuant', profile: null, hints: {} };
    await dispatch('reportProfile', left, { ...content, tab: { id: 9, url: 'https://www.linkedin.com/in/ada-lindqvist/' } });
    expect(handlers.reportProfile).not.toHaveBeenCalled();
    // Leaving for a page that shows no profile still clears the card.
    await dispatch('reportProfile', left, { ...content, tab: { id: 9, url: 'https://www.google.com/' } });
    expect(handlers.reportProfile).toHaveBeenCalledOnce();
  });

  it.each([
    ['reveal', { view: { tabId: 9 }, personId: 'p1', confirmed: true }],
    ['search', { q: 'ada' }],
    ['saveApiKey', { apiKey: 'k', baseUrl: 'http://127.0.0.1:8787' }],
    ['getAccount', undefined],
    ['lookUp', { tabId: 9 }],
    ['lookUp', { tabId: 9, override: true }],
    ['raiseBudgetToday', { tabId: 9 }],
    ['openPerson', { from: { tabId: 9 }, personId: 'p1' }],
    ['back', undefined],
  ] as const)('refuses %s from a content script', async (type, data) => {
    const { handlers, dispatch } = setup();
    await expect(dispatch(type, data, content)).rejects.toThrow(/not allowed from a content-script/);
    expect(handlers[type]).not.toHaveBeenCalled();
  });

  it('refuses profile reports from extension pages (they ask, pages report)', async () => {
    const { dispatch } = setup();
    await expect(dispatch('reportProfile', report, page)).rejects.toThrow(/not allowed/);
  });

  it('refuses everything from a foreign sender', async () => {
    const { handlers, dispatch } = setup();
    await expect(dispatch('getAccount', undefined, foreign)).rejects.toThrow(/unknown sender/);
    expect(handlers.getAccount).not.toHaveBeenCalled();
  });

  it.each([
    ['a reveal without the confirmation flag', 'reveal', { view: { tabId: 1 }, personId: 'p1' }],
    ['a reveal confirmed with a truthy string', 'reveal', { view: { tabId: 1 }, personId: 'p1', confirmed: 'yes' }],
    ['an empty search', 'search', { q: '   ' }],
    ['a handle with a slash', 'reportProfile', { ...report, profile: { ...report.profile, handle: 'a/b' } }],
    ['a negative tab id', 'lookUp', { tabId: -1 }],
    ['a pick of nothing', 'pickCandidate', { tabId: 1 }],
  ] as const)('rejects %s', async (_label, type, data) => {
    const { handlers, dispatch } = setup();
    const sender = type === 'reportProfile' ? content : page;
    await expect(dispatch(type, data, sender)).rejects.toThrow(/invalid/);
    expect(handlers[type]).not.toHaveBeenCalled();
  });

  it('hands the parsed (trimmed) input to the handler', async () => {
    const { handlers, dispatch } = setup();
    await dispatch('search', { q: '  ada quant ' }, page);
    expect(handlers.search).toHaveBeenCalledWith({ q: 'ada quant' }, { kind: 'extension-page' });
  });
});

describe('message router: reports must match the sending page', () => {
  it('drops a report whose profile disagrees with the sender URL (nothing is paid for it)', async () => {
    const { handlers, dispatch } = setup();
    const meridian = {
      url: 'https://x.com/MeridianVC',
      profile: { site: 'x', handle: 'MeridianVC', key: 'x:meridianvc', url: 'https://x.com/MeridianVC' },
      hints: {},
    };
    await expect(dispatch('reportProfile', meridian, content /* on x.com/AdaQuant */)).rejects.toThrow(/does not match the page/);
    expect(handlers.reportProfile).not.toHaveBeenCalled();
  });

  it('passes a report said ahead of the browser (the tab still shows the page being left) only for an address on that site', async () => {
    const { handlers, dispatch } = setup();
    const meridian = {
      url: 'https://x.com/MeridianVC',
      profile: { site: 'x', handle: 'MeridianVC', key: 'x:meridianvc', url: 'https://x.com/MeridianVC' },
      hints: {},
      ahead: true,
    };
    await dispatch('reportProfile', meridian, content /* on x.com/AdaQuant */);
    expect(handlers.reportProfile).toHaveBeenCalledWith(meridian, { kind: 'content-script', tabId: 9, topFrame: true });
    const elsewhere = { ...meridian, url: 'https://twitter.com/MeridianVC' };
    await expect(dispatch('reportProfile', elsewhere, content)).rejects.toThrow(/does not match the page/);
    const someoneElse = { ...meridian, url: 'https://x.com/AdaQuant/status/1' };
    await expect(dispatch('reportProfile', someoneElse, content)).rejects.toThrow(/does not match the page/);
    expect(handlers.reportProfile).toHaveBeenCalledTimes(1);
  });

  it('checks against the tab URL after an SPA move (Chromium keeps sender.url at the first URL)', async () => {
    const { handlers, dispatch } = setup();
    const moved = { ...content, url: 'https://x.com/MeridianVC', tab: { id: 9, url: 'https://x.com/AdaQuant' } };
    await dispatch('reportProfile', report, moved);
    expect(handlers.reportProfile).toHaveBeenCalledTimes(1);
  });

  it('passes the same report from the page it names', async () => {
    const { handlers, dispatch } = setup();
    await dispatch('reportProfile', report, content);
    expect(handlers.reportProfile).toHaveBeenCalledTimes(1);
  });
});

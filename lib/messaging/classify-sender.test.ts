import { describe, expect, it } from 'vitest';
import { classifySender, type SenderLike } from './classify-sender';

const self = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const ff = { id: 'crypto-directory@example.com', origin: 'moz-extension://0b1c2d3e-aaaa-bbbb-cccc-123456789abc' };
const tab = { id: 7 };

describe('classifySender', () => {
  it.each<[string, SenderLike, string]>([
    ['X content script', { id: self.id, url: 'https://x.com/AdaQuant', frameId: 0, tab }, 'content-script'],
    ['twitter.com content script', { id: self.id, url: 'https://mobile.twitter.com/ada', frameId: 0, tab }, 'content-script'],
    ['LinkedIn country subdomain', { id: self.id, url: 'https://de.linkedin.com/in/ada', frameId: 0, tab }, 'content-script'],
    ['side panel (no tab)', { id: self.id, url: `${self.origin}/sidepanel.html` }, 'extension-page'],
    ['popped-out panel in a tab', { id: self.id, url: `${self.origin}/sidepanel.html?tabId=3`, frameId: 0, tab }, 'extension-page'],
    ['options page in a tab', { id: self.id, url: `${self.origin}/options.html`, frameId: 0, tab }, 'extension-page'],
    [
      'another extension',
      { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/p.html' },
      'foreign',
    ],
    ['our id but another extension origin', { id: self.id, url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/p.html' }, 'foreign'],
    ['no frame id', { id: self.id, url: 'https://x.com/ada', tab }, 'foreign'],
    ['http X page', { id: self.id, url: 'http://x.com/ada', frameId: 0, tab }, 'foreign'],
    ['lookalike host', { id: self.id, url: 'https://x.com.evil.example/ada', frameId: 0, tab }, 'foreign'],
    ['lookalike suffix', { id: self.id, url: 'https://notlinkedin.com/in/ada', frameId: 0, tab }, 'foreign'],
    ['some other site', { id: self.id, url: 'https://example.com/', frameId: 0, tab }, 'foreign'],
    ['no url', { id: self.id, frameId: 0, tab }, 'foreign'],
    ['garbage url', { id: self.id, url: 'not a url', frameId: 0, tab }, 'foreign'],
    ['no id', { url: `${self.origin}/options.html` }, 'foreign'],
  ])('%s → %s', (_label, sender, expected) => {
    expect(classifySender(sender, self).kind).toBe(expected);
  });

  it('knows Firefox extension pages by their moz-extension origin', () => {
    expect(classifySender({ id: ff.id, url: `${ff.origin}/popup.html` }, ff).kind).toBe('extension-page');
  });

  it('carries the reporting tab id for content scripts', () => {
    expect(classifySender({ id: self.id, url: 'https://x.com/ada', frameId: 0, tab: { id: 42 } }, self)).toEqual({
      kind: 'content-script',
      tabId: 42,
      topFrame: true,
    });
    expect(classifySender({ id: self.id, url: 'https://x.com/ada', frameId: 2, tab: { id: 42 } }, self)).toEqual({
      kind: 'content-script',
      tabId: 42,
      topFrame: false,
    });
  });
});

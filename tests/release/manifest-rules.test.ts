import { describe, expect, it } from 'vitest';
import { manifestProblems, type ManifestLike } from './manifest-rules';
import { LINKEDIN_MATCHES, X_MATCHES } from '@/lib/profile/sites';

const API = 'https://api.directory.example';
const expected = { version: '1.2.3', apiBaseUrl: API };

const chrome: ManifestLike = {
  manifest_version: 3,
  version: '1.2.3',
  permissions: ['storage', 'unlimitedStorage', 'alarms', 'scripting', 'sidePanel'],
  host_permissions: ['https://api.directory.example/*', ...X_MATCHES, ...LINKEDIN_MATCHES],
  optional_host_permissions: ['https://*/*'],
  content_scripts: [{ matches: ['https://x.com/*', 'https://*.x.com/*'] }, { matches: ['https://www.linkedin.com/*'] }],
};
const firefox: ManifestLike = {
  ...chrome,
  permissions: ['storage', 'unlimitedStorage', 'alarms', 'scripting'],
  browser_specific_settings: {
    gecko: {
      data_collection_permissions: { required: ['browsingActivity', 'websiteContent', 'searchTerms', 'personallyIdentifyingInfo'] },
    },
  },
};

describe('store manifest rules', () => {
  it.each<[string, ManifestLike, 'chrome' | 'firefox']>([
    ['chrome', chrome, 'chrome'],
    ['firefox', firefox, 'firefox'],
    ['chrome with HubSpot', { ...chrome, optional_host_permissions: ['https://*/*', 'https://api.hubapi.com/*'] }, 'chrome'],
  ])('a %s manifest as built passes', (_, m, browser) => {
    expect(manifestProblems(m, browser, expected)).toEqual([]);
  });

  it.each<[string, ManifestLike, 'chrome' | 'firefox', RegExp]>([
    ['an extra permission', { ...chrome, permissions: [...chrome.permissions!, 'tabs'] }, 'chrome', /^permissions/],
    ['sidePanel on Firefox', { ...firefox, permissions: chrome.permissions }, 'firefox', /^permissions/],
    ['a loopback host', { ...chrome, host_permissions: ['http://127.0.0.1/*', ...chrome.host_permissions!] }, 'chrome', /127\.0\.0\.1/],
    ['no production host', { ...chrome, host_permissions: [...X_MATCHES, ...LINKEDIN_MATCHES] }, 'chrome', /^host_permissions/],
    [
      'host access to another site',
      { ...chrome, host_permissions: [...chrome.host_permissions!, 'https://evil.example/*'] },
      'chrome',
      /^host_permissions/,
    ],
    ['<all_urls>', { ...chrome, optional_host_permissions: ['<all_urls>'] }, 'chrome', /<all_urls>/],
    ['a wider optional host', { ...chrome, optional_host_permissions: ['*://*/*'] }, 'chrome', /optional host/],
    [
      'web-accessible resources',
      { ...chrome, web_accessible_resources: [{ resources: ['x.js'], matches: ['<all_urls>'] }] },
      'chrome',
      /web_accessible/,
    ],
    ['externally_connectable', { ...chrome, externally_connectable: { matches: ['https://x.com/*'] } }, 'chrome', /externally/],
    ['another version', { ...chrome, version: '1.2.2' }, 'chrome', /^version/],
    ['a content script elsewhere', { ...chrome, content_scripts: [{ matches: ['https://evil.example/*'] }] }, 'chrome', /content script/],
    [
      'no personal data consent',
      { ...firefox, browser_specific_settings: { gecko: { data_collection_permissions: { required: ['browsingActivity'] } } } },
      'firefox',
      /data_collection/,
    ],
  ])('%s is refused', (_, m, browser, problem) => {
    expect(manifestProblems(m, browser, expected).join('\n')).toMatch(problem);
  });
});

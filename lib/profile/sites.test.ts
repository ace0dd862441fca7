import { describe, expect, it } from 'vitest';
import { bareXHandle, isLinkedInHost, isLinkedInSiteHost, isXHandle, isXHost, isXSiteHost, linkedInPath, xProfileUrl } from './sites';

describe('site hosts (what the matches reach)', () => {
  it.each([
    ['x.com', 'x'],
    ['pro.x.com', 'x'],
    ['mobile.twitter.com', 'x'],
    ['www.linkedin.com', 'linkedin'],
    ['business.linkedin.com', 'linkedin'],
    ['xx.com', null],
    ['x.com.evil.example', null],
    ['notlinkedin.com', null],
    ['example.com', null],
  ])('%s → %s', (host, site) => {
    expect(isXSiteHost(host)).toBe(site === 'x');
    expect(isLinkedInSiteHost(host)).toBe(site === 'linkedin');
  });

  it('every host that shows a profile is one the content scripts reach', () => {
    for (const host of ['x.com', 'www.x.com', 'mobile.twitter.com', 'twitter.com'])
      expect([isXHost(host), isXSiteHost(host)]).toEqual([true, true]);
    for (const host of ['linkedin.com', 'www.linkedin.com', 'de.linkedin.com', 'm.linkedin.com']) {
      expect([isLinkedInHost(host), isLinkedInSiteHost(host)]).toEqual([true, true]);
    }
  });
});

describe('isXHost (hosts that show a profile)', () => {
  it.each([
    ['x.com', true],
    ['WWW.X.COM', true],
    ['mobile.twitter.com', true],
    ['x.com.', true],
    ['m.twitter.com', false],
    ['ads.x.com', false],
    ['xx.com', false],
  ])('%s → %s', (host, expected) => expect(isXHost(host)).toBe(expected));
});

describe('isLinkedInHost (hosts that show a profile)', () => {
  it.each([
    ['www.linkedin.com', true],
    ['linkedin.com', true],
    ['de.linkedin.com', true],
    ['WWW.LINKEDIN.COM', true],
    ['business.linkedin.com', false],
    ['linkedin.com.evil.example', false],
  ])('%s → %s', (host, expected) => expect(isLinkedInHost(host)).toBe(expected));
});

describe('isXHandle', () => {
  it.each([
    ['jack', true],
    ['Jack_123', true],
    // Older accounts: one character (@X itself) and up to 20 (X's own mention parser, twitter-text).
    ['X', true],
    ['abcdefghijklmnopqrst', true],
    ['abcdefghijklmnopqrstu', false],
    ['home', false],
    ['Settings', false],
    ['with space', false],
    ['dot.ted', false],
    ['', false],
  ])('%s → %s', (text, expected) => expect(isXHandle(text)).toBe(expected));
});

describe('bareXHandle and xProfileUrl', () => {
  it.each([
    ['@AdaQuant', 'AdaQuant'],
    ['  AdaQuant ', 'AdaQuant'],
    ['@@double', 'double'],
    ['https://x.com/AdaQuant', 'AdaQuant'],
    ['http://twitter.com/ada_q', 'ada_q'],
    ['https://mobile.x.com/ada_q?s=20', 'ada_q'],
    ['abcdefghijklmnopqrst', 'abcdefghijklmnopqrst'],
    ['abcdefghijklmnopqrstu', null],
    ['https://example.com/AdaQuant', null],
    ['https://x.com/AdaQuant/status/1', null],
    ['javascript:alert(1)', null],
    ['../../evil', null],
    ['not a handle', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (value, handle) => {
    expect(bareXHandle(value)).toBe(handle);
    expect(xProfileUrl(value)).toBe(handle === null ? null : `https://x.com/${handle}`);
  });
});

describe('linkedInPath', () => {
  it.each([
    ['https://www.linkedin.com/in/ada-lindqvist', 'in/ada-lindqvist'],
    ['https://linkedin.com/in/ada-lindqvist/', 'in/ada-lindqvist'],
    ['http://se.linkedin.com/in/ada', 'in/ada'],
    ['linkedin.com/company/acme', 'company/acme'],
    ['https://www.linkedin.com/in/m%C3%BCnchen', 'in/münchen'],
    ['https://www.linkedin.com/', null],
    ['https://example.com/in/ada', null],
    ['https://linkedin.com.evil.example/in/ada', null],
    ['not a url', null],
  ])('%s → %s', (value, path) => expect(linkedInPath(value)).toBe(path));
});

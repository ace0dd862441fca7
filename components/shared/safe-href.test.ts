import { describe, expect, it } from 'vitest';
import {
  emailDraftHref,
  emailHref,
  linkedinHref,
  phoneHref,
  safeHref,
  telegramHref,
  telegramMessageHref,
  websiteHref,
  xProfileHref,
} from './safe-href';

describe('safeHref', () => {
  it.each([
    // [input, options, expected]
    ['https://quantlayer.xyz', {}, 'https://quantlayer.xyz/'],
    ['http://example.com/a?b=1#c', {}, 'http://example.com/a?b=1#c'],
    ['  https://example.com  ', {}, 'https://example.com/'],
    ['HTTPS://EXAMPLE.COM/x', {}, 'https://example.com/x'],
    ['javascript:alert(1)', {}, null],
    ['JavaScript:alert(1)', {}, null],
    [' javascript:alert(1)', {}, null],
    ['java\tscript:alert(1)', {}, null],
    ['java\nscript:alert(1)', {}, null],
    ['javascript:alert(1)', { allowContact: true }, null],
    ['data:text/html,<script>alert(1)</script>', {}, null],
    ['data:image/png;base64,AAAA', { allowContact: true }, null],
    ['vbscript:msgbox(1)', {}, null],
    ['file:///etc/passwd', {}, null],
    ['chrome-extension://abc/options.html', {}, null],
    ['blob:https://example.com/uuid', {}, null],
    ['ftp://example.com/file', {}, null],
    ['//evil.example/path', {}, null],
    ['/relative/path', {}, null],
    ['quantlayer.xyz', {}, null],
    ['', {}, null],
    ['https://', {}, null],
    ['https://exa mple.com', {}, null],
    ['https://example.com/a\u2028b', {}, null],
    ['mailto:ada@quantlayer.xyz', {}, null],
    ['mailto:ada@quantlayer.xyz', { allowContact: true }, 'mailto:ada@quantlayer.xyz'],
    ['tel:+14155550100', {}, null],
    ['tel:+14155550100', { allowContact: true }, 'tel:+14155550100'],
    ['https://t.me/adaquant', { allowContact: true }, 'https://t.me/adaquant'],
    ['http://example.com', { httpsOnly: true }, null],
    ['https://example.com/pricing', { httpsOnly: true }, 'https://example.com/pricing'],
    ['mailto:a@b.co', { httpsOnly: true, allowContact: true }, null],
    [null, {}, null],
    [undefined, {}, null],
    [42, {}, null],
    [{ href: 'https://example.com' }, {}, null],
  ] as const)('%j with %j → %j', (input, options, expected) => {
    expect(safeHref(input, options)).toBe(expected);
  });
});

describe('contact and profile hrefs', () => {
  it.each([
    [xProfileHref, 'AdaQuant', 'https://x.com/AdaQuant'],
    [xProfileHref, '@AdaQuant', 'https://x.com/AdaQuant'],
    [xProfileHref, 'bad handle', null],
    [xProfileHref, 'javascript:alert(1)', null],
    [xProfileHref, '../../evil', null],
    [websiteHref, 'quantlayer.xyz', 'https://quantlayer.xyz/'],
    [websiteHref, 'https://quantlayer.xyz/about', 'https://quantlayer.xyz/about'],
    [websiteHref, 'javascript:alert(1)', null],
    [websiteHref, 'not a domain', null],
    [emailHref, 'ada@quantlayer.xyz', 'mailto:ada@quantlayer.xyz'],
    [emailHref, 'ada@quantlayer.xyz?subject=x', null],
    [emailHref, 'not-an-email', null],
    [phoneHref, '+1 (415) 555-0100', 'tel:+14155550100'],
    [phoneHref, 'call me', null],
    [telegramHref, '@adaquant', 'https://t.me/adaquant'],
    [telegramHref, 'adaquant', 'https://t.me/adaquant'],
    [telegramHref, 'https://t.me/adaquant', 'https://t.me/adaquant'],
    [telegramHref, 'javascript:alert(1)', null],
    [telegramHref, '@a b', null],
    [linkedinHref, 'https://www.linkedin.com/in/ada-lindqvist', 'https://www.linkedin.com/in/ada-lindqvist'],
    [linkedinHref, 'http://www.linkedin.com/in/ada-lindqvist', null],
    [linkedinHref, 'javascript:alert(1)', null],
  ] as const)('%o(%j) → %j', (fn, input, expected) => {
    expect(fn(input)).toBe(expected);
  });
});

describe('drafted messages', () => {
  it.each([
    ['@adaquant', 'Hi Ada, 15 min?', 'https://t.me/adaquant?text=Hi%20Ada%2C%2015%20min%3F'],
    ['https://t.me/ada_quant', 'a&b=c #1\nnext', 'https://t.me/ada_quant?text=a%26b%3Dc%20%231%0Anext'],
    ['t.me/evil?start=x', 'Hi', null],
    ['javascript:alert(1)', 'Hi', null],
  ])('telegramMessageHref(%j, %j) → %j', (value, message, expected) => {
    expect(telegramMessageHref(value, message)).toBe(expected);
  });

  it.each([
    [
      'ada@quantlayer.xyz',
      'Nordwind × QuantLayer',
      'Hi Ada,\nSam',
      'mailto:ada@quantlayer.xyz?subject=Nordwind%20%C3%97%20QuantLayer&body=Hi%20Ada%2C%0ASam',
    ],
    // A subject that tries to add a recipient stays inside the subject.
    ['ada@quantlayer.xyz', 'x&bcc=eve@evil.test', '', 'mailto:ada@quantlayer.xyz?subject=x%26bcc%3Deve%40evil.test&body='],
    ['ada@quantlayer.xyz?bcc=eve@evil.test', 'Hi', 'Hi', null],
  ])('emailDraftHref(%j, %j, %j) → %j', (value, subject, body, expected) => {
    expect(emailDraftHref(value, subject, body)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { contactText, type ContactCard } from './contact-card';
import { aContactCard } from '@/tests/support/records';

const ada = aContactCard();

describe('contactText', () => {
  it.each<[string, ContactCard, string]>([
    [
      'all four channels, title and company, X last',
      ada,
      'Ada Lindqvist\nFounder & CEO at QuantLayer\nEmail: ada@quantlayer.xyz\nPhone: +46 70 123 45 67\nTelegram: @adaquant\nLinkedIn: https://www.linkedin.com/in/ada-lindqvist\nX: @AdaQuant',
    ],
    [
      'only what is known: no empty "Phone:" line',
      { name: 'Mei Tanaka', email: 'mei@harborline.xyz', phone: null, telegram: '@mei', linkedinUrl: '' },
      'Mei Tanaka\nEmail: mei@harborline.xyz\nTelegram: @mei',
    ],
    ['a title without a company', { name: 'Lee Chen', title: 'Researcher', email: 'lee@x.io' }, 'Lee Chen\nResearcher\nEmail: lee@x.io'],
    ['a company without a title', { name: 'Lee Chen', company: 'Nimbus', email: 'lee@x.io' }, 'Lee Chen\nNimbus\nEmail: lee@x.io'],
    // An angel's company is her own investor profile: her name is not repeated as the company.
    [
      'an angel: no company line repeating her name',
      { name: 'Sofia Marchetti', title: 'Angel Investor', company: 'Sofia Marchetti', email: 's@m.it' },
      'Sofia Marchetti\nAngel Investor\nEmail: s@m.it',
    ],
    // Hostile text: a newline in a field cannot forge an extra line; bidi controls and zero-width characters are dropped.
    [
      'newlines inside values stay on their line',
      { name: 'Eve\nEmail: evil@attacker.io', email: 'eve@x.io\r\nPhone: 1' },
      'Eve Email: evil@attacker.io\nEmail: eve@x.io Phone: 1',
    ],
    [
      'bidi override and zero-width space removed',
      { name: 'Ada\u202E Lindqvist', title: 'C\u200BEO', email: 'ada@q.xyz' },
      'Ada Lindqvist\nCEO\nEmail: ada@q.xyz',
    ],
    [
      'unicode and ";" kept as they are (plain text needs no escaping)',
      { name: 'Jürgen Müller 🚀', title: 'CTO; founder', telegram: '@jm' },
      'Jürgen Müller 🚀\nCTO; founder\nTelegram: @jm',
    ],
    ['a handle given with @ is not doubled', { name: 'Ada', xHandle: '@AdaQuant' }, 'Ada\nX: @AdaQuant'],
  ])('%s', (_, card, expected) => {
    expect(contactText(card)).toBe(expected);
  });
});

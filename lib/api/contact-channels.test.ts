import { describe, expect, it } from 'vitest';
import { CONTACT_CHANNELS, channelsOf, hasKnownChannel } from './contact-channels';

const none = { email: null, phone: null, telegram: null, linkedinUrl: null };

describe('contact channels', () => {
  it("are in the spec's order (email, phone, telegram, linkedinUrl), each with its has* flag", () => {
    expect(CONTACT_CHANNELS.map((c) => [c.id, c.flag, c.label])).toEqual([
      ['email', 'hasEmail', 'Email'],
      ['phone', 'hasPhone', 'Phone'],
      ['telegram', 'hasTelegram', 'Telegram'],
      ['linkedinUrl', 'hasLinkedin', 'LinkedIn'],
    ]);
  });

  it.each([
    ['nothing revealed', none, false],
    ['an email', { ...none, email: 'ada@example.com' }, true],
    ['a telegram handle only', { ...none, telegram: '@ada' }, true],
    ['blank values reveal nothing', { ...none, email: '', phone: '   ' }, false],
  ])('hasKnownChannel: %s', (_label, person, expected) => {
    expect(hasKnownChannel(person)).toBe(expected);
  });

  it('channelsOf keeps every channel, null where none', () => {
    expect(channelsOf({ ...none, phone: '+4612345' })).toEqual({ email: null, phone: '+4612345', telegram: null, linkedinUrl: null });
  });
});

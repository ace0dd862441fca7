import { describe, expect, it } from 'vitest';
import { aLead } from '@/tests/support/a-lead';
import { aRevealRecord } from '@/tests/support/records';
import { channelStates, revealsByPerson } from './lead-reveals';

const mine = aRevealRecord({
  accountId: 'acc_pro',
  at: 2,
  channels: { email: 'ada@quantlayer.xyz', phone: null, telegram: '', linkedinUrl: null },
});
const older = aRevealRecord({
  accountId: 'acc_old',
  at: 1,
  channels: { email: 'old@x.io', phone: '+1 415', telegram: null, linkedinUrl: null },
});
const newer = aRevealRecord({ accountId: 'acc_team', at: 3, channels: { email: null, phone: null, telegram: '@ada', linkedinUrl: null } });
const lead = aLead({ hasEmail: true, hasPhone: true, hasTelegram: true, hasLinkedin: false });

describe('a lead’s reveals, from the one reveal store', () => {
  it.each([
    ['nothing revealed', [], 'acc_pro', { email: 'on-file', phone: 'on-file', telegram: 'on-file', linkedinUrl: 'none' }],
    [
      'this account’s reveal (blank and null values are not revealed)',
      [mine],
      'acc_pro',
      { email: 'revealed', phone: 'on-file', telegram: 'on-file', linkedinUrl: 'none' },
    ],
    [
      'another account’s reveal only',
      [older],
      'acc_pro',
      { email: 'revealed-elsewhere', phone: 'revealed-elsewhere', telegram: 'on-file', linkedinUrl: 'none' },
    ],
    [
      'both: the account in use wins per channel',
      [older, mine, newer],
      'acc_pro',
      { email: 'revealed', phone: 'revealed-elsewhere', telegram: 'revealed-elsewhere', linkedinUrl: 'none' },
    ],
    [
      'no key (no account in use): every reveal is another account’s',
      [mine],
      null,
      { email: 'revealed-elsewhere', phone: 'on-file', telegram: 'on-file', linkedinUrl: 'none' },
    ],
  ] as const)('%s', (_label, records, account, expected) => {
    expect(channelStates(lead, revealsByPerson(records, account).get('per_ada'))).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { ProfileChoices } from './profile-choices';

describe('ProfileChoices: what the user said about a profile, per account', () => {
  it.each([
    ['the picked person is said not to be them: the pick is forgotten', { personId: 'p1' }, 'p1', undefined],
    ['another record is said not to be them: the pick stays', { personId: 'p1' }, 'p2', { personId: 'p1' }],
    ['the picked organisation is said not to be them', { organizationId: 'o1' }, 'o1', undefined],
  ])('%s', async (_label, pick, notThem, after) => {
    const choices = new ProfileChoices(memoryKvStore());
    await choices.remember('acct', 'li:in:ada', pick);
    await choices.notThem('acct', 'li:in:ada', notThem);
    expect(await choices.pick('acct', 'li:in:ada')).toEqual(after);
    expect(await choices.rejected('acct', 'li:in:ada')).toBe(notThem);
  });

  it('another account knows nothing of them', async () => {
    const choices = new ProfileChoices(memoryKvStore());
    await choices.remember('acct', 'x:ada', { personId: 'p1' });
    await choices.notThem('acct', 'x:ada', 'p2');
    expect(await choices.pick('other', 'x:ada')).toBeUndefined();
    expect(await choices.rejected('other', 'x:ada')).toBeUndefined();
  });
});

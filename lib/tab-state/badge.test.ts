import { describe, expect, it } from 'vitest';
import { badgeFor, followUpBadge } from './badge';

describe('followUpBadge (the toolbar badge where no tab shows its own)', () => {
  it.each([
    [0, '', 'Crypto Directory'],
    [1, '1', '1 follow-up due today'],
    [7, '7', '7 follow-ups due today'],
    [120, '99+', '120 follow-ups due today'],
  ])('%i due → %j, titled %j', (due, text, title) => {
    expect(followUpBadge(due)).toMatchObject({ text, title });
  });

  it('with none due, reads as the idle badge (no text, the extension’s name)', () => {
    expect(followUpBadge(0).title).toBe(badgeFor('idle').title);
  });
});

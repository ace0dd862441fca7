import { describe, expect, it } from 'vitest';
import { effectiveDailyBudget, planBudget } from './plan-budget';

describe('planBudget', () => {
  it.each([
    // tier → daily budget (monthly ÷ 22, rounded down to a multiple of 5)
    ['starter', 135], // 3,000 / 22 = 136.4
    ['pro', 270], // 6,000 / 22 = 272.7
    ['team', 680], // 15,000 / 22 = 681.8
    ['free', 150],
    ['enterprise', 150],
    ['platinum', 150], // a tier the spec does not list
    [null, 150], // account not read yet
  ])('%s → %i a day', (tier, daily) => {
    expect(planBudget(tier).daily).toBe(daily);
  });

  it('says how the Pro figure was reached', () => {
    expect(planBudget('pro')).toEqual({ source: 'plan', tier: 'pro', plan: 'Pro', monthlyCredits: 6000, workingDays: 22, daily: 270 });
  });
});

describe('effectiveDailyBudget', () => {
  it.each([
    [null, 'pro', 270],
    [null, null, 150],
    [40, 'pro', 40], // the user's own budget wins, even below the plan's
    [0, 'team', 0], // 0: always ask
  ])('setting %j on %s → %i', (setting, tier, budget) => {
    expect(effectiveDailyBudget(setting, tier)).toBe(budget);
  });
});

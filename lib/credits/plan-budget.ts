/**
 * The daily budget a plan suggests while the user has not set one: the plan's monthly credits spread over
 * the working days of a month, rounded down to a multiple of 5 (a lookup's price, so the budget never
 * ends on a credit no call can use). The spec's plan table (api-spec.md, "Plans") names plans, `/v1/me`
 * names tiers; the spec does not map one to the other, so TIER_PLANS is an assumption the options page says.
 */

/** "+50 today": what one click adds to today's budget (for today only; the setting is unchanged). */
export const TODAY_RAISE = 50;

/** Working days in a month: a rep's month, not a calendar one (weekends cost nothing). */
export const WORKING_DAYS = 22;
/** What a budget is rounded down to. */
export const BUDGET_STEP = 5;
/** The budget when the plan gives no monthly figure (`free`: a trial's balance; `enterprise`: no ceiling; unknown tiers). */
export const FALLBACK_DAILY_BUDGET = 150;

/** Assumed tier → plan (name as the spec's table spells it, monthly credits). */
export const TIER_PLANS: Readonly<Record<string, { plan: string; monthlyCredits: number }>> = {
  starter: { plan: 'Essential', monthlyCredits: 3_000 },
  pro: { plan: 'Pro', monthlyCredits: 6_000 },
  team: { plan: 'Team', monthlyCredits: 15_000 },
};

/** How a default budget was reached: for a plan, the arithmetic the options page shows. */
export type PlanBudget =
  | { source: 'plan'; tier: string; plan: string; monthlyCredits: number; workingDays: number; daily: number }
  | { source: 'fallback'; tier: string | null; daily: number };

/** The plan's default daily budget for `tier` (null: the account is not known yet). */
export function planBudget(tier: string | null | undefined): PlanBudget {
  const plan = tier ? TIER_PLANS[tier] : undefined;
  if (!tier || !plan) return { source: 'fallback', tier: tier ?? null, daily: FALLBACK_DAILY_BUDGET };
  const daily = Math.floor(plan.monthlyCredits / WORKING_DAYS / BUDGET_STEP) * BUDGET_STEP;
  return { source: 'plan', tier, plan: plan.plan, monthlyCredits: plan.monthlyCredits, workingDays: WORKING_DAYS, daily };
}

/** The budget the governor enforces: the user's when set, the plan's otherwise. */
export function effectiveDailyBudget(setting: number | null, tier: string | null | undefined): number {
  return setting ?? planBudget(tier).daily;
}

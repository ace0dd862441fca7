export type { ApiErrorKind, ApiFailure, ApiResult, ApiSuccess, RateLimitInfo } from '../api';
export { backoffBounds, backoffDelay, type BackoffOptions } from './backoff';
export {
  RateGovernor,
  type GovernedFailure,
  type LocalFailure,
  type Priority,
  type RateGovernorOptions,
  type RetryPolicy,
  type Scheduled,
  type ScheduledResult,
  type ScheduleOptions,
} from './rate-governor';
export { SlidingWindow } from './sliding-window';
export { rateLimitForTier, type RateLimit, type Tier } from './tiers';
export { realTimers, sleep, type Timers } from './timers';
export { TokenBucket } from './token-bucket';

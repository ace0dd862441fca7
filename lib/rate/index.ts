export { RateGovernor, type RateGovernorOptions, type ScheduledResult } from './rate-governor';
export { type Timers } from './timers';

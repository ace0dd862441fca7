// The rate governor reads the client's own result types: one source of truth (lib/api).
export type { ApiErrorKind, ApiFailure, ApiResult, ApiSuccess, RateLimitInfo } from '../api';

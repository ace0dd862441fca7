// Public surface of the Directory API client. Import from 'lib/api' rather than from the files.

export { createDirectoryClient, DEFAULT_TIMEOUT_MS } from './client';
export type { CallOptions, DirectoryClient, DirectoryClientOptions, FetchLike, GetPersonOptions } from './client';

export type { ApiFailure, ApiResult, ApiSuccess, RateLimitInfo, SampleInfo } from './result';
export type { ApiError, ApiErrorKind } from './errors';

export {
  AccountBodySchema,
  AccountSchema,
  COMPANY_TYPES,
  CompanyTypeSchema,
  ENTITY_KINDS,
  ErrorBodySchema,
  IdSchema,
  InvestorDetailBodySchema,
  InvestorDetailSchema,
  InvestorSchema,
  LIFECYCLES,
  MetaSchema,
  PersonDetailBodySchema,
  PersonDetailSchema,
  PersonSchema,
  PortfolioRowSchema,
  ProjectDetailBodySchema,
  ProjectDetailSchema,
  ProjectSchema,
  SampleMetaSchema,
  SCOPES,
  SearchBodySchema,
  SearchResultsSchema,
  ServiceDetailBodySchema,
  ServiceDetailSchema,
  ServiceSchema,
  TIERS,
} from './schemas';
export type {
  Account,
  CompanyType,
  EndpointPrice,
  EntityKind,
  ErrorBody,
  Investor,
  InvestorDetail,
  Lifecycle,
  Meta,
  Person,
  PersonDetail,
  PortfolioRow,
  Project,
  ProjectDetail,
  SampleMeta,
  Scope,
  SearchResults,
  Service,
  ServiceDetail,
  Tier,
} from './schemas';

export {
  compareVersions,
  isAtLeast,
  parseVersion,
  supportsCompanyType,
  VERSION_HEADER,
} from './version';
export type { SemVer } from './version';

export { DEFAULT_RETRY_MS, RATE_LIMIT_HEADERS, parseRateLimit, resetAtFrom, resetUnitOf, retryAtFor429 } from './rate-limit-headers';
export type { ResetUnit } from './rate-limit-headers';
export { DEFAULT_SAMPLE_NOTICE, SAMPLE_HEADER, SAMPLE_NOTICE_PREFIX, detectSample } from './sample';

export { tokenLaunchedState } from './token-launched';
export type { TokenLaunchedState } from './token-launched';
export { directoryOf } from './company-type';
export type { Directory } from './company-type';
export { portfolioCompanyName } from './portfolio';
export { isLoopbackHost, parseBaseUrl } from './url';

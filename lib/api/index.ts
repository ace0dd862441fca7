// Public surface of the Directory API client. Import from 'lib/api' rather than from the files.

export { createDirectoryClient } from './client';
export type { CallOptions, DirectoryClient, FetchLike } from './client';

export type { ApiFailure, ApiResult, ApiSuccess, RateLimitInfo, SampleInfo } from './result';
export type { ApiError, ApiErrorKind } from './errors';

export { AccountSchema, InvestorSchema, PersonSchema, PortfolioRowSchema, ProjectSchema } from './schemas';
export type {
  Account,
  CompanyType,
  EntityKind,
  Investor,
  InvestorDetail,
  Lifecycle,
  Person,
  PersonDetail,
  PortfolioRow,
  Project,
  ProjectDetail,
  SearchResults,
  ServiceDetail,
} from './schemas';

export { supportsCompanyType } from './version';

export { directoryOf, portfolioCompanyName, tokenLaunchedState } from './record-helpers';

// Compile-time checks (tsc --noEmit) that the local structural shapes accept what lib/api returns
// and that what the governors hand back is still a lib/api result. Runtime: trivially passes.
import { describe, expectTypeOf, it } from 'vitest';
import type { Account, ApiResult as ClientResult, SearchResults } from '@/lib/api';
import type { ApiResultLike } from '@/lib/cache/response-cache';
import type { MePricing } from '@/lib/credits/price-table';
import type { SettleResult } from '@/lib/credits/credit-governor';
import type { ApiResult } from '@/lib/api';
import type { RateGovernor, Scheduled } from './rate-governor';

describe('lib/api compatibility', () => {
  it('client results fit every governor input', () => {
    expectTypeOf<ClientResult<SearchResults>>().toExtend<ApiResult<SearchResults>>();
    expectTypeOf<ClientResult<SearchResults>>().toExtend<ApiResultLike>();
    expectTypeOf<ClientResult<SearchResults>>().toExtend<SettleResult>();
    expectTypeOf<Account>().toExtend<MePricing>();
  });

  it('schedule keeps the client type, and its extra failures are client failures too', () => {
    type Out = Awaited<ReturnType<RateGovernor['schedule']>>;
    expectTypeOf<Scheduled<ClientResult<SearchResults>>>().toExtend<
      ClientResult<SearchResults> | (Extract<ClientResult<SearchResults>, { ok: false }> & { outcomeUnknown: true })
    >();
    expectTypeOf<Scheduled<ClientResult<SearchResults>>>().toExtend<SettleResult>();
    expectTypeOf<Out>().not.toBeNever();
  });
});

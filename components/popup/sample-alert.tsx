import type { SampleInfo } from '@/lib/api';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';

const PREFIX = 'NOT REAL DATA';

/** The sample warning: these rows are synthetic (a free key below a call's price); say so loudly. */
export function SampleAlert({ sample }: { sample: SampleInfo }) {
  const text = safeText(sample.notice);
  const notice = text.toUpperCase().startsWith(PREFIX) ? text : `${PREFIX}. ${text}`;
  const topUp = sample.topUpNeeded !== null && sample.topUpNeeded > 0 ? `Add at least ${sample.topUpNeeded} credits` : 'Add credits';
  return (
    <div role="alert" className="notice notice--warn sample-alert">
      <p>
        <strong>
          <SafeText text={notice} />
        </strong>
      </p>
      <p>
        These rows are synthetic samples: the query was not run and nothing was charged. {topUp} to get live data
        {sample.upgradeUrl ? (
          <>
            {' '}
            (
            <SafeLink href={sample.upgradeUrl} httpsOnly>
              plans and top-ups
            </SafeLink>
            ).
          </>
        ) : (
          '.'
        )}
      </p>
    </div>
  );
}

/*
 * SampleView — status `sample`: the API answered with synthetic rows because a free key is below a
 * call's price. A prominent `alert` quotes the API's notice (it opens with NOT REAL DATA), the top-up
 * needed (`creditsRequired − creditsBalance`) and the upgrade link (https only). The rows are marked
 * SAMPLE and muted, with no avatars, no links, no channels and no reveal: nothing that looks live.
 */
import { creditsLabel } from '@/lib/messages/texts';
import type { SampleInfo } from '@/lib/api';
import { personName } from '@/components/shared/format';
import { safeHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';
import { hasProfileLabel, ProfileLabel } from './profile-label';
import type { StateViewProps } from './view-actions';

/** The spec's formula, preferring the client's computed value. */
export function topUpNeeded(sample: SampleInfo): number | null {
  if (sample.topUpNeeded !== null) return sample.topUpNeeded;
  if (sample.creditsRequired === null || sample.creditsBalance === null) return null;
  return Math.max(0, sample.creditsRequired - sample.creditsBalance);
}

/** The profile on screen (`state.profile`, `state.hints`): the alert names whom the answer is not about. */
export function SampleView({ state: { sample, people, projects, profile, hints } }: StateViewProps<'sample'>) {
  const topUp = topUpNeeded(sample);
  const rows = [
    ...people.map((p) => ({ key: `p-${p.id}`, name: personName(p), details: [p.jobTitle, p.company?.name] })),
    ...projects.map((o) => ({ key: `o-${o.id}`, name: o.name, details: [o.sectors?.map((s) => safeText(s)).join(', ')] })),
  ];
  // Payment pages are linked only over https; anything else is shown as text, never as a button.
  const upgradeHref = safeHref(sample.upgradeUrl, { httpsOnly: true });
  return (
    <div className="cards">
      <div role="alert" className="sample-alert">
        {hasProfileLabel(profile, hints) && (
          <p>
            <strong>
              No real answer for <ProfileLabel profile={profile} hints={hints} />
            </strong>
            : this account is in sample mode, so the API sent synthetic rows instead.
          </p>
        )}
        <p className="sample-alert__notice">
          <q>
            <SafeText text={sample.notice} />
          </q>
        </p>
        <p>
          {topUp !== null ? (
            <>
              Add at least <strong>{creditsLabel(topUp)}</strong> to see live data
              {sample.creditsRequired !== null && sample.creditsBalance !== null && (
                <>
                  {' '}
                  (this call costs {creditsLabel(sample.creditsRequired)}; your balance is {creditsLabel(sample.creditsBalance)})
                </>
              )}
              .
            </>
          ) : (
            'Add credits to see live data.'
          )}
        </p>
        {upgradeHref ? (
          <p>
            <SafeLink href={upgradeHref} httpsOnly className="btn btn--primary">
              Upgrade or add credits
            </SafeLink>
          </p>
        ) : (
          sample.upgradeUrl && (
            <p className="small">
              Upgrade page (not a secure link, shown as text): <SafeText text={sample.upgradeUrl} />
            </p>
          )
        )}
      </div>
      {rows.length > 0 && (
        <div className="sample-rows" aria-label="Sample rows (not real)" role="group">
          {rows.map((row) => (
            <div key={row.key} className="sample-row">
              <span className="sample-ribbon">SAMPLE</span>
              <SafeText className="sample-row__name" text={row.name} />
              {row.details.map((d, i) => d && <SafeText key={i} className="sample-row__detail" text={d} />)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

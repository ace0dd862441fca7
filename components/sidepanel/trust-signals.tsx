/*
 * The directory's trust signals on a company, said where the rep decides: the lifecycle warning (on the
 * company and fund cards, and for the person's company on the person card and in the reveal dialog) and
 * the company's X account risk. The directory rates no person's own X account: the risk shown beside a
 * person is their company's, and the words say so.
 */
import type { ReactNode } from 'react';
import type { Lifecycle, Project } from '@/lib/api';
import { SafeText } from '@/components/shared/safe-text';

/** The directory's X risk rating said as a warning ("high risk (directory rating)"); null for none or "low" (no news). */
export function xRiskText(risk: unknown): string | null {
  return typeof risk === 'string' && risk.trim() !== '' && risk.trim().toLowerCase() !== 'low' ? `${risk} risk (directory rating)` : null;
}

/** "recorded as no longer operating" (defunct), "recorded as deceased", or null (no liveness signal). */
export function lifecycleText(lifecycle: Lifecycle | null | undefined): string | null {
  if (lifecycle === 'defunct') return 'recorded as no longer operating';
  return lifecycle === 'deceased' ? 'recorded as deceased' : null;
}

/** "Defunct: {subject} is recorded as no longer operating. Check before reaching out." Nothing without a signal. */
export function LifecycleWarning({ lifecycle, subject }: { lifecycle: Lifecycle | null | undefined; subject: ReactNode }) {
  const text = lifecycleText(lifecycle);
  if (!text) return null;
  return (
    <p className="notice notice--warn lifecycle">
      <strong>{lifecycle === 'defunct' ? 'Defunct' : 'Deceased'}:</strong> {subject} is {text}. Check before reaching out.
    </p>
  );
}

/** A person's company, as the person card and the reveal dialog warn of it: its lifecycle, then its X account's risk. */
export function CompanyTrust({ company }: { company: Project | null | undefined }) {
  if (!company) return null;
  const risk = xRiskText(company.twitterRisk);
  const name = <SafeText text={company.name} />;
  return (
    <>
      <LifecycleWarning lifecycle={company.lifecycle} subject={name} />
      {risk && (
        <p className="notice notice--warn">
          <strong>X account warning:</strong> {name}’s X account (the company’s, not this person’s): {risk}.
        </p>
      )}
    </>
  );
}

/*
 * LifecycleWarning — a visible warning when the record is marked defunct or deceased (null: no
 * liveness signal, nothing shown).
 */
import type { Lifecycle } from '@/lib/api';

export interface LifecycleWarningProps {
  lifecycle: Lifecycle | null | undefined;
  /** What the record is ("project", "fund") */
  kind: string;
}

export function LifecycleWarning({ lifecycle, kind }: LifecycleWarningProps) {
  if (lifecycle !== 'defunct' && lifecycle !== 'deceased') return null;
  return (
    <p className="notice notice--warn lifecycle">
      <strong>{lifecycle === 'defunct' ? 'Defunct' : 'Deceased'}:</strong>{' '}
      {lifecycle === 'defunct' ? `this ${kind} is recorded as no longer operating.` : `this ${kind} is recorded as deceased.`} Check before
      reaching out.
    </p>
  );
}

import type { CrmMark } from '@/lib/crm/crm';
import { IN_HUBSPOT, markDetail } from '@/lib/crm/crm-text';
import { SafeText } from './safe-text';

/**
 * "In HubSpot" on a card or row, with the owner and the lead status as the portal labels it ("In HubSpot ·
 * Mia Owner · In Progress"; issues 27 and 39). Nothing when not there or not asked.
 */
export function InCrm({ mark }: { mark: CrmMark | null | undefined }) {
  if (!mark) return null;
  const detail = markDetail(mark);
  return (
    <span className="in-crm">
      <span className="in-crm__label">{IN_HUBSPOT}</span>
      {detail && (
        <>
          {' · '}
          <SafeText className="in-crm__detail muted" text={detail} />
        </>
      )}
    </span>
  );
}

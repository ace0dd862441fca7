import type { CrmMark } from '@/lib/crm/crm';
import { SafeText } from './safe-text';

/** "In HubSpot" on a card or row, with the owner and lead status HubSpot holds (issue 27). Nothing when not there or not asked. */
export function InCrm({ mark }: { mark: CrmMark | null | undefined }) {
  if (!mark) return null;
  const detail = [mark.owner, mark.leadStatus].filter(Boolean).join(' · ');
  return (
    <span className="in-crm">
      <span className="in-crm__label">In HubSpot</span>
      {detail && (
        <>
          {' · '}
          <SafeText className="in-crm__detail muted" text={detail} />
        </>
      )}
    </span>
  );
}

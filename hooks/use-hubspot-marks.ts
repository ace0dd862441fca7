import { useEffect, useState } from 'react';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import type { CrmMark } from '@/lib/crm/crm';
import type { Lead } from '@/lib/leads/lead';
import { sendMessage } from '@/lib/messaging/protocol';
import { bareXHandle } from '@/lib/profile/sites';

export type MarkPerson = Pick<Lead, 'personId' | 'linkedinUrl' | 'xHandle'>;

/**
 * "In HubSpot" for these people, when the rep opted in at Connect: one message for the whole set (the
 * worker answers from its cache and batches the rest into one search). Asked again only when the set
 * of people or what is known of them changes — a reveal that makes an email known asks again, so the
 * worker searches by it — never per keystroke (the Leads page passes all leads, not the filtered ones).
 */
export function useHubSpotMarks(
  people: readonly MarkPerson[],
  /** The channels revealed per person: the worker reads their values from the reveal store; a change here only asks again. */
  revealed?: ReadonlyMap<string, ReadonlySet<ContactChannelId>>,
): {
  marks: ReadonlyMap<string, CrmMark | null>;
  /** The rep opted in (and is connected). */
  enabled: boolean;
  /** "Refresh HubSpot marks": ask HubSpot again, past the cache. */
  refresh: () => void;
} {
  const [marks, setMarks] = useState<ReadonlyMap<string, CrmMark | null>>(new Map());
  const [enabled, setEnabled] = useState(false);
  const [generation, setGeneration] = useState(0);
  const shown = people.slice(0, 500);
  const key = shown
    .map((p) => `${p.personId}|${p.linkedinUrl ?? ''}|${p.xHandle ?? ''}|${[...(revealed?.get(p.personId) ?? [])].sort().join(' ')}`)
    .join(',');
  useEffect(() => {
    const asked = shown.map((p) => {
      // A handle the message would refuse (a lead restored from an old backup) would refuse the whole set.
      const xHandle = bareXHandle(p.xHandle);
      return { personId: p.personId, ...(p.linkedinUrl ? { linkedinUrl: p.linkedinUrl } : {}), ...(xHandle ? { xHandle } : {}) };
    });
    if (asked.length === 0) return;
    let live = true;
    sendMessage('hubspotMarks', { people: asked, ...(generation > 0 ? { refresh: true } : {}) })
      .then((out) => {
        if (!live) return;
        setEnabled(out.enabled);
        if (out.enabled && 'marks' in out) setMarks(new Map(Object.entries(out.marks)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Keyed by the people's identifiers, not the array's identity (a status edit re-creates it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);
  return { marks, enabled, refresh: () => setGeneration((g) => g + 1) };
}

/*
 * OnThisTab — the popup's first region: who the extension detected on the active tab. Opening the popup
 * never spends (it is not a watching panel): a record already paid for is shown (0 credits), anything
 * else waits for a click on "Look up · N credits". A person shown can be saved and worked as a lead here,
 * with the same editor as the panel's card.
 */
import { creditsLabel } from '@/lib/messages/texts';
import type { TabState } from '@/lib/tab-state/tab-state';
import { knownWords } from '@/lib/lookup/known-records';
import { formatMonthDay, personName } from '@/components/shared/format';
import { SafeText } from '@/components/shared/safe-text';
import { ProfileLabel } from '@/components/sidepanel/profile-label';
import { safeText } from '@/lib/text/safe-text';
import type { CrmMark } from '@/lib/crm/crm';
import { InCrm } from '@/components/shared/in-crm';
import { LeadEditor, type CardLead } from '@/components/shared/lead-editor';
import type { SendAction } from '@/components/shared/send-once';

export interface OnThisTabProps {
  /** The active tab's state as the worker wrote it (undefined while read, null: nothing known). */
  state: TabState | null | undefined;
  /** What a lookup costs (`pricesOf(meter).search`). */
  lookUpPrice: number;
  onOpenSidePanel: () => void;
  /** A click: look the tab's profile up (paid) and show it in the side panel. */
  onLookUp: () => void;
  /** The person's lead: "Save lead", then "Saved · {status}" opening the rep's fields (as on the panel's card). */
  lead?: OnThisTabLead | undefined;
}

/** The tab person's lead controls, bound by the wiring. */
export interface OnThisTabLead {
  card: CardLead | undefined;
  onSave: SendAction;
  saveError?: string | undefined;
  /** "In HubSpot", when the rep opted in. */
  crm?: CrmMark | null | undefined;
}

/** States in which a click on "Look up" would send a lookup the user has not asked for yet. */
const WAITING = new Set<TabState['status']>(['idle', 'paused-budget', 'error', 'rate-limited']);

export function OnThisTab({ state, lookUpPrice, onOpenSidePanel, onLookUp, lead }: OnThisTabProps) {
  if (!state?.profile) return null;
  const openPanel = (
    <button type="button" className="link-button" onClick={onOpenSidePanel}>
      Open side panel
    </button>
  );

  if (state.status === 'matched' && (state.person || state.organization)) {
    const person = state.person;
    const org = state.organization;
    const name = person ? personName(person) : safeText(org?.name);
    const role = person ? [safeText(person.jobTitle), safeText(person.company?.name ?? org?.name)].filter(Boolean).join(' · ') : '';
    const pitch = safeText(org?.aiSummary);
    return (
      <section aria-label="On this tab" className="on-this-tab card-lite">
        <h2 className="on-this-tab-name">
          <SafeText text={name} />
        </h2>
        {person && <InCrm mark={lead?.crm} />}
        {role && (
          <p className="on-this-tab-role">
            <SafeText text={role} />
          </p>
        )}
        {pitch && (
          <p className="on-this-tab-pitch">
            <SafeText text={pitch} />
          </p>
        )}
        {person && lead?.card?.personId === person.id && (
          <LeadEditor {...lead.card.editor} onSave={lead.onSave} saveError={lead.saveError} />
        )}
        <p className="hint">
          {state.known
            ? `0 credits · ${safeText(knownWords(state.known))}, ${formatMonthDay(state.known.at)}`
            : 'Already looked up: 0 credits to open'}{' '}
          · {openPanel}
        </p>
      </section>
    );
  }

  return (
    <section aria-label="On this tab" className="on-this-tab">
      <p>
        <ProfileLabel profile={state.profile} hints={state.hints} /> on this tab · {openPanel}
      </p>
      {state.status === 'looking-up' ? (
        <p role="status" className="hint">
          Looking up…
        </p>
      ) : state.status === 'not-found' ? (
        <p className="hint">Not in the directory.</p>
      ) : (
        WAITING.has(state.status) &&
        // A page LinkedIn did not show is searched by name from the panel, never looked up by its address.
        !(state.status === 'idle' && state.reason === 'not-shown') && (
          <button type="button" className="btn btn-primary" onClick={onLookUp}>
            Look up · {creditsLabel(lookUpPrice)}
          </button>
        )
      )}
    </section>
  );
}

/*
 * LeadDetail — the region "Lead": one lead opened from the table. Its card is the side panel's
 * PersonCard drawn from the lead's dated snapshot (0 credits), with "Refresh · N credits" for a new one
 * and "Reveal contact…" behind the panel's own confirm dialog. Then the rep's fields (combobox
 * "Status", date "Follow up on", textbox "Tags" saved on Enter or when leaving it), notes (textbox
 * "Note", "Add note", newest first), what the person cost, where and when the lead was saved, the X
 * handle it had before (a renamed account), and "Delete". "Do not contact" takes the reveal away and says why.
 */
import type { Ref } from 'react';
import { blocksContact, type Lead, type LeadSnapshot } from '@/lib/leads/lead';
import type { LeadReveals } from '@/lib/leads/lead-reveals';
import type { SharedCost } from '@/lib/leads/lead-costs';
import type { LeadPatch } from '@/lib/leads/lead-store';
import { formerHandle } from '@/lib/lookup/x-account';
import { MISSING_CONTACT_SCOPE, creditsLabel, sharedCostText } from '@/lib/messages/texts';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { formatDate, formatMonthDay } from '@/components/shared/format';
import { LeadFields, NoteField } from '@/components/shared/lead-fields';
import type { OutreachProps } from '@/components/shared/outreach-actions';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { PersonCard } from '@/components/sidepanel/person-card';
import { meterCanReveal } from '@/components/sidepanel/tab-state-view';
import { CHANNELS } from '@/components/sidepanel/contact-channels';
import { formatMoment } from './lead-text';

export interface LeadDetailProps {
  lead: Lead;
  /** The record as paid for; null when none is kept (a lead restored without one); undefined while it is read. */
  snapshot: LeadSnapshot | null | undefined;
  reveals: LeadReveals | undefined;
  /** The API account in use (null: no key). */
  accountInUse: string | null;
  /** Its prices are the buttons' (the spec's while no meter is read). */
  meter: CreditMeter | null;
  /** Local `YYYY-MM-DD`: the follow-up's quick choices count from it. */
  today: string;
  revealing: boolean;
  revealError?: string;
  /** The lead's shares of charges split among many people (a list page of 100), spelled out under "Cost". */
  costShares?: readonly SharedCost[];
  /** Status, tags or follow-up changed (one field at a time). */
  onPatch: (patch: LeadPatch) => void;
  onAddNote: (text: string) => void;
  /** "Refresh · N credits": one paid person read; settles with the worker's answer. */
  onRefresh: SendAction;
  /** Only after the confirm dialog's "Reveal for N credits". */
  onReveal: (quoted: number) => void;
  onDelete: () => void;
  onClose: () => void;
  /** "Message on Telegram" / "Email" on the card once a contact is revealed, recorded on this lead. */
  outreach?: OutreachProps | undefined;
  ref?: Ref<HTMLElement>;
}

export function LeadDetail(props: LeadDetailProps) {
  const { lead, snapshot, reveals, accountInUse, meter, revealing, revealError, ref } = props;
  const prices = pricesOf(meter);
  const blocked = blocksContact(lead);
  const scopeAllows = meterCanReveal(meter);
  const otherAccount = accountInUse !== null && lead.accountId !== accountInUse;
  const companyName = snapshot?.organization?.name ?? snapshot?.person.company?.name ?? lead.company?.name ?? null;

  return (
    <section
      id="lead-detail"
      ref={ref}
      className="lead-detail"
      aria-label="Lead"
      tabIndex={-1}
      onKeyDown={(e) => {
        // Not from a field: Escape there belongs to the field (and a tag being typed would be lost).
        const inField = e.target instanceof Element && e.target.matches('input, textarea, select');
        if (e.key === 'Escape' && !inField) props.onClose();
      }}
    >
      <div className="lead-detail__bar">
        <p className="lead-detail__dated">
          {snapshot ? `Saved record from ${formatDate(snapshot.at)}` : snapshot === null ? 'No saved record: refresh to keep one' : ''}
        </p>
        <SendButton className="btn btn--small" onSend={props.onRefresh}>
          Refresh · {creditsLabel(prices.person)}
        </SendButton>
        <button type="button" className="btn btn--small btn--ghost" onClick={props.onClose}>
          Close
        </button>
      </div>

      {blocked && (
        <p className="notice notice--warn" role="note">
          Marked “Do not contact”: its contact cannot be revealed here, and exports leave it out.
        </p>
      )}
      {!blocked && !scopeAllows && (
        <p className="notice" role="note" aria-label="Reveal unavailable">
          {MISSING_CONTACT_SCOPE}
        </p>
      )}

      {snapshot ? (
        <PersonCard
          person={snapshot.person}
          revealed={reveals?.inUse ?? undefined}
          canReveal={!blocked && scopeAllows}
          revealing={revealing}
          revealError={revealError}
          meter={meter}
          prices={prices}
          companyName={companyName}
          onReveal={blocked ? undefined : (_, quoted) => props.onReveal(quoted)}
          fetchedByThisAccount={snapshot.fetchedBy !== undefined && snapshot.fetchedBy === accountInUse}
          outreach={props.outreach}
        />
      ) : snapshot === null ? (
        <section aria-label="Person" className="card">
          <h2 className="card__title">
            <SafeText text={lead.name} />
          </h2>
          {(lead.title || companyName) && (
            <p className="card__subtitle">
              <SafeText text={[lead.title, companyName].filter(Boolean).join(' · ')} />
            </p>
          )}
        </section>
      ) : null}

      {reveals && reveals.other.length > 0 && <OtherReveals other={reveals.other} />}

      <div className="lead-detail__section lead-fields">
        <h3 className="detail__title">Pipeline</h3>
        <LeadFields key={lead.personId} idPrefix="lead" lead={lead} today={props.today} onPatch={props.onPatch} />
      </div>

      <div className="lead-detail__section">
        <h3 className="detail__title">Notes</h3>
        <NoteField key={`note:${lead.personId}`} idPrefix="lead" onAddNote={props.onAddNote} />
      </div>
      <LeadNotes notes={lead.notes} />

      <LeadFacts lead={lead} costShares={props.costShares} otherAccount={otherAccount} />

      <div className="actions">
        <button type="button" className="btn btn--danger" onClick={props.onDelete}>
          Delete
        </button>
      </div>
    </section>
  );
}

/** What was revealed of this person under another API account. */
function OtherReveals({ other }: { other: LeadReveals['other'] }) {
  return (
    <div className="lead-detail__section">
      <h3 className="detail__title">Revealed under another account</h3>
      <ul className="lead-other-reveals">
        {other.flatMap((r) =>
          CHANNELS.flatMap((c) => {
            const value = r.channels[c.key];
            if (typeof value !== 'string' || value.trim() === '') return [];
            return [
              <li key={`${r.accountId}:${c.key}`}>
                <span className="muted">{c.label}</span>{' '}
                <SafeLink {...c.link(value)}>
                  <SafeText text={value} />
                </SafeLink>{' '}
                <span className="muted small">(revealed under another account, {formatDate(r.at)})</span>
              </li>,
            ];
          }),
        )}
      </ul>
    </div>
  );
}

/** The notes, newest first. */
function LeadNotes({ notes }: { notes: Lead['notes'] }) {
  if (notes.length === 0) return null;
  const newestFirst = [...notes].sort((a, b) => b.at - a.at);
  return (
    <ol className="lead-notes" aria-label="Notes">
      {newestFirst.map((n) => (
        <li key={n.id}>
          <time className="muted small" dateTime={new Date(n.at).toISOString()}>
            {formatMoment(n.at)}
          </time>
          <p className="lead-notes__text">
            <SafeText text={n.text} multiline />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** What the person cost and where and when the lead was saved (`otherAccount`: under another API account than the one in use). */
function LeadFacts({ lead, costShares, otherAccount }: Pick<LeadDetailProps, 'lead' | 'costShares'> & { otherAccount: boolean }) {
  const formerly = lead.xHandle ? formerHandle(lead.xAccount, lead.xHandle) : undefined;
  return (
    <dl className="facts lead-detail__section">
      <dt>Cost</dt>
      <dd>
        Paid {creditsLabel(lead.cost.credits)} for this person
        {lead.cost.estimated && ' (some of it may have been charged: an answer was lost)'}
        {costShares && costShares.length > 0 && (
          <ul className="lead-cost-shares" aria-label="Shared charges">
            {costShares.map((c) => (
              <li key={c.id ?? `${c.at}:${c.accountId}`}>{sharedCostText(c.credits, c.shared)}</li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Saved</dt>
      <dd>
        {formatDate(lead.savedAt)}
        {lead.savedFrom && (
          <>
            {' from '}
            <SafeLink href={lead.savedFrom} />
          </>
        )}
        {otherAccount && ' (under another API account than the one in use)'}
      </dd>
      {formerly && (
        <>
          <dt>X</dt>
          <dd>
            @<SafeText text={lead.xHandle ?? ''} />, formerly @<SafeText text={formerly.handle} /> (seen {formatMonthDay(formerly.at)})
          </dd>
        </>
      )}
    </dl>
  );
}

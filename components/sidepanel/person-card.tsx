/*
 * PersonCard — the `region` "Person": avatar (https only, initials fallback), name, job title, company
 * (a button that moves to the company card), X handle, creator followers, the "Contact channels"
 * list, the company's trust signals (lifecycle, its X account's risk) above "Reveal contact…" and in
 * its confirm dialog, "Copy all" / "Download vCard" once channels are known,
 * "Save lead" (free: the record is paid for) or "Saved · {status}", and coworkers on demand. An angel's company is her own investor profile: the link to it says so
 * instead of repeating her name.
 */
import { creditsLabel, quoteRefusalText } from '@/lib/messages/texts';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import type { Person, PersonDetail } from '@/lib/api';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter, DetailSlot } from '@/lib/tab-state/tab-state';
import { formatCompact, formatCredits, formatLocalDay, personName } from '@/components/shared/format';
import type { SendAction } from '@/components/shared/send-once';
import { xProfileHref } from '@/components/shared/safe-href';
import { SafeImage } from '@/components/shared/safe-image';
import { SafeLink } from '@/components/shared/safe-link';
import { hasKnownChannel } from '@/lib/api/contact-channels';
import { companyOf } from '@/lib/contacts/contact-card';
import { mergeRecord } from '@/lib/lookup/known-records';
import { contactText } from '@/lib/contacts/contact-text';
import { vCard, vCardFileName } from '@/lib/contacts/vcard';
import { CopyButton } from '@/components/shared/copy-button';
import { downloadText } from '@/components/shared/download-file';
import { channelsOnFile, ContactChannels, knownChannels, type ChannelKey } from './contact-channels';
import { DetailSection } from './detail-section';
import { TeamList } from './team-list';
import { revealEndpoint } from '@/lib/credits/reveal-price';
import { meterQuote } from '@/lib/tab-state/meter-prices';
import { RevealDialog } from './reveal-dialog';
import { CompanyTrust } from './trust-signals';
import { InCrm } from '@/components/shared/in-crm';
import { SafeText } from '@/components/shared/safe-text';
import { SaveLead, type LeadRows } from '@/components/shared/save-lead';
import { LeadEditor } from '@/components/shared/lead-editor';
import { OutreachActions, type OutreachProps } from '@/components/shared/outreach-actions';

export interface PersonCardProps {
  person: Person;
  /** This account's reveal of this person (shown at no cost) */
  revealed?: RevealRecord;
  /** False for a key without read:contacts. */
  canReveal: boolean;
  /** A reveal is in flight (button disabled) */
  revealing?: boolean;
  /** Why the last reveal failed. */
  revealError?: string;
  /** Balance and budget for the confirm dialog. */
  meter: CreditMeter | null;
  /**
   * The account's prices (the meter's): `reveal` for a first reveal, `person` for coworkers and for the
   * contact of someone this account already unlocked.
   */
  prices: Pick<Prices, 'person' | 'reveal'>;
  coworkers?: DetailSlot<PersonDetail>;
  companyName?: string | null;
  /** Move to the company card (absent: the name is plain text) */
  onCompanyClick?: () => void;
  /** Called only after "Reveal for N credits", with the price confirmed (the worker sends nothing dearer). */
  onReveal?: (personId: string, quoted: number) => void;
  /**
   * The record was fetched under the account in use (a saved lead's may be another account's): only then
   * does its "unlocked" make the reveal a cheaper re-read (lib/credits/reveal-price.ts). Default true.
   */
  fetchedByThisAccount?: boolean;
  onLoadCoworkers?: SendAction;
  /** Open a coworker in the panel. */
  onShowPerson?: (person: Person) => void;
  /**
   * "Save lead" (one `onSave` for this person, 0 credits) or "Saved · {status}", the lead editor and the
   * outreach when `leads.card` is this person's, and the same saves and marks on the coworkers.
   */
  leads?: LeadRows | undefined;
  /** "Message on Telegram" / "Email" once those channels are known (default: the card's from `leads`). */
  outreach?: OutreachProps | undefined;
  /** A channel not listed: LinkedIn when the card is for the LinkedIn page on screen. */
  omitChannel?: ChannelKey | undefined;
  ref?: Ref<HTMLElement>;
}

/** The detail read may carry channels already unlocked for this account; keep the row's values otherwise. */
function withDetail(person: Person, slot: DetailSlot<PersonDetail> | undefined): Person {
  if (slot?.status !== 'loaded' || slot.value.person.id !== person.id) return person;
  return mergeRecord(person, slot.value.person);
}

export function PersonCard(props: PersonCardProps) {
  const { revealed, canReveal, revealError, meter, companyName, onCompanyClick, onReveal, leads } = props;
  const person = withDetail(props.person, props.coworkers);
  // The dialog is bound to the person it was opened for: if the card's person changes while it is open
  // (the page renamed itself and the match moved), it closes instead of naming someone else.
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const confirming = confirmingId !== null && confirmingId === person.id;
  const revealedNow = revealed?.channels !== undefined;
  const name = personName(person);
  const onFile = channelsOnFile(person);
  const showReveal =
    canReveal && onReveal !== undefined && onFile.length > 0 && revealed?.channels === undefined && !hasKnownChannel(person);
  const endpoint = revealEndpoint(person, props.fetchedByThisAccount ?? true);
  const revealQuote = meterQuote(meter, { endpoint });
  const known = knownChannels(person, revealed?.channels);
  const knownCount = Object.keys(known).length;
  // A company named exactly like the person is her own (angel) investor profile.
  const ownProfile = companyName ? companyOf({ name, company: companyName }) === null : false;
  // Without a card to move to, her own name as "company" is left out altogether.
  const companyLabel = ownProfile ? (onCompanyClick ? 'Investor profile' : null) : companyName;
  // A reveal the balance cannot pay is refused here, with the reason, before any dialog (one today's
  // budget cannot hold is said in the dialog, where the budget is shown).
  const refusal = revealQuote.refusal === 'balance' || revealQuote.refusal === 'sample' ? quoteRefusalText(revealQuote) : null;

  const card = leads?.card?.personId === person.id ? leads.card : undefined;
  const onSave = leads?.onSave;
  const save = onSave && (() => onSave(person.id));
  const saveError = leads?.errors?.get(person.id);

  const { channelsRef, announcement, awaitReveal } = useRevealFocus(
    person.id,
    confirming,
    revealedNow || knownCount > 0,
    Boolean(revealError),
  );

  return (
    <section aria-label="Person" className="card" ref={props.ref} tabIndex={-1}>
      <PersonHeader
        person={person}
        name={name}
        companyLabel={companyLabel}
        ownProfile={ownProfile}
        onCompanyClick={onCompanyClick}
        crm={leads?.crm?.get(person.id)}
      >
        {!card && <SaveLead saved={leads?.saved.get(person.id)} onSave={save} label="Save lead" error={saveError} />}
      </PersonHeader>
      {/* Full width under the header: its fields open in place and need the room at 320 px. */}
      {card && <LeadEditor {...card.editor} onSave={save} saveError={saveError} />}

      <ContactChannels person={person} revealed={revealed?.channels} ref={channelsRef} omit={props.omitChannel} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <KnownContact
        person={person}
        name={name}
        company={companyName}
        ownProfile={ownProfile}
        known={known}
        outreach={props.outreach ?? card?.outreach}
      />

      <CompanyTrust company={person.company} />
      <RevealStatus
        showReveal={showReveal}
        revealing={props.revealing ?? false}
        refusal={refusal}
        revealed={revealed}
        revealError={revealError}
        onReveal={() => setConfirmingId(person.id)}
      />

      <DetailSection
        title="Coworkers"
        slot={props.coworkers}
        loadLabel="Load coworkers"
        price={props.prices.person}
        onLoad={props.onLoadCoworkers}
      >
        {(detail) => (
          <TeamList
            people={detail.coworkers.filter((c) => c.id !== person.id)}
            label="Coworkers"
            onShow={props.onShowPerson}
            leads={leads}
          />
        )}
      </DetailSection>

      {confirming && onReveal && (
        <RevealDialog
          personName={name}
          company={person.company}
          onFile={onFile}
          quote={revealQuote}
          unlocked={endpoint === 'person'}
          dailyBudget={meter?.dailyBudget ?? null}
          balanceAt={meter?.balanceAt}
          onCancel={() => setConfirmingId(null)}
          onConfirm={(quoted) => {
            setConfirmingId(null);
            awaitReveal(confirmingId);
            onReveal(confirmingId, quoted);
          }}
        />
      )}
    </section>
  );
}

/**
 * After "Reveal for N credits": focus goes to the channels (not to <body> with the closed dialog) and,
 * once the values are in, a polite live region says so.
 */
function useRevealFocus(personId: string, confirming: boolean, arrived: boolean, failed: boolean) {
  const channelsRef = useRef<HTMLUListElement>(null);
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // Runs after the dialog's own cleanup has handed focus back to its (now gone or disabled) trigger.
    if (awaiting !== null && !confirming) channelsRef.current?.focus();
  }, [awaiting, confirming]);
  useEffect(() => {
    if (awaiting === null || awaiting !== personId) return;
    if (arrived) {
      setAnnouncement('Contact revealed');
      setAwaiting(null);
    } else if (failed) setAwaiting(null); // the alert says why
  }, [awaiting, personId, arrived, failed]);
  const awaitReveal = (id: string) => {
    setAnnouncement('');
    setAwaiting(id);
  };
  return { channelsRef, announcement, awaitReveal };
}

interface PersonHeaderProps {
  person: Person;
  name: string;
  /** The company as shown ("Investor profile" for her own), or null for none. */
  companyLabel: string | null | undefined;
  ownProfile: boolean;
  onCompanyClick: (() => void) | undefined;
  crm: Parameters<typeof InCrm>[0]['mark'];
  /** The save control under the meta line. */
  children?: ReactNode;
}

/** Avatar, name, CRM mark, title · company, X handle and creator facts. */
function PersonHeader({ person, name, companyLabel, ownProfile, onCompanyClick, crm, children }: PersonHeaderProps) {
  const xHref = xProfileHref(person.twitterHandle);
  const handle = person.twitterHandle?.replace(/^@/, '');
  return (
    <header className="card__header">
      <SafeImage src={person.avatarUrl} name={name} size={48} />
      <div className="card__heading">
        <h2 className="card__title">
          <SafeText text={name} />
        </h2>
        <InCrm mark={crm} />
        {(person.jobTitle || companyLabel) && (
          <p className="card__subtitle">
            {person.jobTitle && <SafeText text={person.jobTitle} />}
            {person.jobTitle && companyLabel && ' · '}
            {companyLabel &&
              (onCompanyClick ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={onCompanyClick}
                  title={ownProfile ? 'Show the investor card' : 'Show the company card'}
                >
                  <SafeText text={companyLabel} />
                </button>
              ) : (
                <SafeText text={companyLabel} />
              ))}
          </p>
        )}
        <p className="card__meta">
          {handle && (
            <SafeLink href={xHref} title="X profile">
              <SafeText text={`@${handle}`} />
            </SafeLink>
          )}
          {person.isCreator === true && (
            <span className="chip" title="The directory lists this person as a content creator">
              Content creator
            </span>
          )}
          {typeof person.creatorFollowerCount === 'number' && (
            <span title={`${formatCredits(person.creatorFollowerCount)} followers`}>
              {formatCompact(person.creatorFollowerCount)} X followers
            </span>
          )}
        </p>
        {children}
      </div>
    </header>
  );
}

interface RevealStatusProps {
  showReveal: boolean;
  revealing: boolean;
  refusal: string | null;
  revealed: RevealRecord | undefined;
  revealError: string | undefined;
  /** Opens the confirm dialog. */
  onReveal: () => void;
}

/** "Reveal contact…" (or why it cannot), when this account revealed the person, and why the last reveal failed. */
function RevealStatus({ showReveal, revealing, refusal, revealed, revealError, onReveal }: RevealStatusProps) {
  return (
    <>
      {showReveal && (
        <button type="button" className="btn btn--primary btn--block" disabled={revealing || refusal !== null} onClick={onReveal}>
          {revealing ? 'Revealing…' : 'Reveal contact…'}
        </button>
      )}
      {showReveal && refusal && (
        <p className="notice notice--warn" role="note">
          Cannot reveal: {refusal}
        </p>
      )}
      {revealed && (
        <p className="muted small">
          Revealed {formatLocalDay(revealed.at)} for {creditsLabel(revealed.creditsCharged)}; shown again at no cost.
        </p>
      )}
      {revealError && (
        <p className="notice notice--danger" role="alert">
          Reveal failed: <SafeText text={revealError} />
        </p>
      )}
    </>
  );
}

interface KnownContactProps {
  person: Person;
  name: string;
  company: string | null | undefined;
  ownProfile: boolean;
  /** The channels known for this person (on the record or revealed). */
  known: ReturnType<typeof knownChannels>;
  outreach: OutreachProps | undefined;
}

/** Once channels are known: "Copy all" / "Download vCard", and the outreach actions for Telegram or email. */
function KnownContact({ person, name, company, ownProfile, known, outreach }: KnownContactProps) {
  const card =
    Object.keys(known).length > 0
      ? {
          name,
          firstName: person.firstName,
          lastName: person.lastName,
          title: person.jobTitle,
          company,
          xHandle: person.twitterHandle,
          ...known,
        }
      : null;
  return (
    <>
      {/* No call and no credits: it only formats what the card already shows (lib/contacts). */}
      {card && (
        <div className="actions contact-export">
          <CopyButton value={contactText(card)} label="all contact details" text="Copy all" />
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => downloadText(vCardFileName(card), vCard(card), 'text/vcard;charset=utf-8')}
          >
            Download vCard
          </button>
        </div>
      )}

      {outreach && (known.telegram || known.email) && (
        <OutreachActions
          {...outreach}
          telegram={known.telegram}
          email={known.email}
          them={{ firstName: person.firstName, name, company: ownProfile ? null : company, title: person.jobTitle }}
        />
      )}
    </>
  );
}

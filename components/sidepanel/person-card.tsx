/*
 * PersonCard — the `region` "Person": avatar (initials), name, job title, company (a button that moves to
 * the company card), X handle, creator followers, the "Contact channels" list, the company's trust signals
 * above "Reveal contact…" and in its confirm dialog, "Copy all" / "Download vCard" once channels are known,
 * "Save lead" (free: the record is paid for) or "Saved · {status}", and coworkers on demand. An angel's
 * company is her own investor profile: the link to it says so instead of repeating her name.
 */
import { creditsLabel, quoteRefusalText } from '@/lib/messages/texts';
import { useEffect, useRef, useState, type Ref } from 'react';
import type { Person, PersonDetail } from '@/lib/api';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { revealEndpoint, type Quote } from '@/lib/credits/quote';
import { ModalDialog } from '@/components/shared/modal-dialog';
import { asOfLabel } from '@/components/shared/credit-meter-bar';
import type { CreditMeter, DetailSlot } from '@/lib/tab-state/tab-state';
import { formatCompact, formatCredits, formatLocalDay, personName } from '@/components/shared/format';
import type { SendAction } from '@/components/shared/send-once';
import { xProfileHref } from '@/components/shared/safe-href';
import { SafeImage } from '@/components/shared/safe-image';
import { SafeLink } from '@/components/shared/safe-link';
import { hasKnownChannel, type ContactChannelId } from '@/lib/api/contact-channels';
import { companyOf, contactText } from '@/lib/contacts/contact-card';
import { mergeRecord } from '@/lib/lookup/known-records';
import { vCard, vCardFileName } from '@/lib/contacts/vcard';
import { CopyButton } from '@/components/shared/copy-button';
import { downloadText } from '@/components/shared/download-file';
import { channelsOnFile, ContactChannels, knownChannels } from './contact-channels';
import { DetailSection } from './detail-section';
import { TeamList } from './team-list';
import { meterQuote } from '@/lib/tab-state/meter-prices';
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
  revealError?: string;
  /** Balance and budget for the confirm dialog. */
  meter: CreditMeter | null;
  /** The account's prices: `reveal` for a first reveal, `person` for coworkers and a contact this account already unlocked. */
  prices: Pick<Prices, 'person' | 'reveal'>;
  coworkers?: DetailSlot<PersonDetail>;
  companyName?: string | null;
  /** Move to the company card (absent: the name is plain text) */
  onCompanyClick?: () => void;
  /** Called only after "Reveal for N credits", with the price confirmed (the worker sends nothing dearer). */
  onReveal?: (personId: string, quoted: number) => void;
  /**
   * The record was fetched under the account in use (a saved lead's may be another account's): only then
   * does its "unlocked" make the reveal a cheaper re-read (lib/credits/quote.ts `revealEndpoint`). Default true.
   */
  fetchedByThisAccount?: boolean;
  onLoadCoworkers?: SendAction;
  onShowPerson?: (person: Person) => void;
  /** "Save lead" or "Saved · {status}", the lead editor and outreach when `leads.card` is this person's, and the coworkers' saves. */
  leads?: LeadRows | undefined;
  /** "Message on Telegram" / "Email" once those channels are known (default: the card's from `leads`). */
  outreach?: OutreachProps | undefined;
  /** A channel not listed: LinkedIn when the card is for the LinkedIn page on screen. */
  omitChannel?: ContactChannelId | undefined;
  ref?: Ref<HTMLElement>;
}

export function PersonCard(props: PersonCardProps) {
  const { revealed, companyName, onCompanyClick, leads } = props;
  // The detail read may carry channels already unlocked for this account; keep the row's values otherwise.
  const slot = props.coworkers;
  const person =
    slot?.status === 'loaded' && slot.value.person.id === props.person.id ? mergeRecord(props.person, slot.value.person) : props.person;
  const name = personName(person);
  const known = knownChannels(person, revealed?.channels);
  // A company named exactly like the person is her own (angel) investor profile.
  const ownProfile = companyName ? companyOf({ name, company: companyName }) === null : false;
  // Without a card to move to, her own name as "company" is left out altogether.
  const companyLabel = ownProfile ? (onCompanyClick ? 'Investor profile' : null) : companyName;

  const card = leads?.card?.personId === person.id ? leads.card : undefined;
  const onSave = leads?.onSave;
  const save = onSave && (() => onSave(person.id));
  const saveError = leads?.errors?.get(person.id);
  const outreach = props.outreach ?? card?.outreach;
  const contact = Object.keys(known).length > 0 && {
    name,
    firstName: person.firstName,
    lastName: person.lastName,
    title: person.jobTitle,
    company: companyName,
    xHandle: person.twitterHandle,
    ...known,
  };
  const arrived = revealed?.channels !== undefined || Boolean(contact);
  const { channelsRef, announcement, confirm } = useRevealFocus(person.id, arrived, Boolean(props.revealError));

  return (
    <section aria-label="Person" className="card" ref={props.ref} tabIndex={-1}>
      <header className="card__header">
        <SafeImage src={person.avatarUrl} name={name} size={48} />
        <div className="card__heading">
          <h2 className="card__title">
            <SafeText text={name} />
          </h2>
          <InCrm mark={leads?.crm?.get(person.id)} />
          {(person.jobTitle || companyLabel) && (
            <p className="card__subtitle">
              {person.jobTitle && <SafeText text={person.jobTitle} />}
              {person.jobTitle && companyLabel && ' · '}
              {companyLabel && onCompanyClick ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={onCompanyClick}
                  title={ownProfile ? 'Show the investor card' : 'Show the company card'}
                >
                  <SafeText text={companyLabel} />
                </button>
              ) : (
                companyLabel && <SafeText text={companyLabel} />
              )}
            </p>
          )}
          <PersonMeta person={person} />
          {!card && <SaveLead saved={leads?.saved.get(person.id)} onSave={save} label="Save lead" error={saveError} />}
        </div>
      </header>
      {/* Full width under the header: its fields open in place and need the room at 320 px. */}
      {card && <LeadEditor {...card.editor} onSave={save} saveError={saveError} />}

      <ContactChannels person={person} revealed={revealed?.channels} ref={channelsRef} omit={props.omitChannel} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {/* No call and no credits: it only formats what the card already shows (lib/contacts). */}
      {contact && (
        <div className="actions contact-export">
          <CopyButton value={contactText(contact)} label="all contact details" text="Copy all" />
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => downloadText(vCardFileName(contact), vCard(contact), 'text/vcard;charset=utf-8')}
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
          them={{ firstName: person.firstName, name, company: ownProfile ? null : companyName, title: person.jobTitle }}
        />
      )}

      <CompanyTrust company={person.company} />
      <Reveal {...props} person={person} name={name} confirm={confirm} />

      <DetailSection title="Coworkers" slot={slot} loadLabel="Load coworkers" price={props.prices.person} onLoad={props.onLoadCoworkers}>
        {(detail) => (
          <TeamList
            people={detail.coworkers.filter((c) => c.id !== person.id)}
            label="Coworkers"
            onShow={props.onShowPerson}
            leads={leads}
          />
        )}
      </DetailSection>
    </section>
  );
}

/** The X handle and the creator facts. */
function PersonMeta({ person }: { person: Person }) {
  const handle = person.twitterHandle?.replace(/^@/, '');
  return (
    <p className="card__meta">
      {handle && (
        <SafeLink href={xProfileHref(person.twitterHandle)} title="X profile">
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
  );
}

/**
 * "Reveal contact…" (or why it cannot: a reveal the balance cannot pay is refused here, before any dialog;
 * one today's budget cannot hold is said in the dialog, where the budget is shown), its confirm dialog,
 * when this account revealed the person, and why the last reveal failed.
 */
function Reveal(props: PersonCardProps & { name: string; confirm: RevealConfirm }) {
  const { person, revealed, revealError, meter, onReveal } = props;
  const { confirmingId, setConfirmingId, awaitReveal } = props.confirm;
  const onFile = channelsOnFile(person);
  const showReveal =
    props.canReveal && onReveal !== undefined && onFile.length > 0 && revealed?.channels === undefined && !hasKnownChannel(person);
  const endpoint = revealEndpoint(person, props.fetchedByThisAccount ?? true);
  const quote = meterQuote(meter, { endpoint });
  const refusal = quote.refusal === 'balance' || quote.refusal === 'sample' ? quoteRefusalText(quote) : null;
  return (
    <>
      {showReveal && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={props.revealing || refusal !== null}
          onClick={() => setConfirmingId(person.id)}
        >
          {props.revealing ? 'Revealing…' : 'Reveal contact…'}
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
      {confirmingId !== null && onReveal && (
        <RevealDialog
          name={props.name}
          person={person}
          onFile={onFile}
          quote={quote}
          unlocked={endpoint === 'person'}
          meter={meter}
          onCancel={() => setConfirmingId(null)}
          onConfirm={(quoted) => {
            setConfirmingId(null);
            awaitReveal(confirmingId);
            onReveal(confirmingId, quoted);
          }}
        />
      )}
    </>
  );
}

type RevealConfirm = ReturnType<typeof useRevealFocus>['confirm'];

/**
 * The confirm dialog's person (null: closed). After "Reveal for N credits": focus goes to the channels (not
 * to <body> with the closed dialog) and, once the values are in, a polite live region says so.
 */
function useRevealFocus(personId: string, arrived: boolean, failed: boolean) {
  const channelsRef = useRef<HTMLUListElement>(null);
  // The dialog is bound to the person it was opened for: if the card's person changes while it is open
  // (the page renamed itself and the match moved), it closes instead of naming someone else.
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const confirming = confirmingId !== null && confirmingId === personId;
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // Runs after the dialog's own cleanup has handed focus back to its (now gone or disabled) trigger.
    if (awaiting !== null && !confirming) channelsRef.current?.focus();
  }, [awaiting, confirming, channelsRef]);
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
  return { channelsRef, announcement, confirm: { confirmingId: confirming ? confirmingId : null, setConfirmingId, awaitReveal } };
}

/*
 * RevealDialog — the modal "Confirm reveal": the person's company's trust signals (defunct, its X account's
 * risk) before anything is paid, which channels are on file, and the governor's quote
 * (lib/credits/quote.ts, over the meter): the exact price (the account's reveal price, or its person-read
 * price for a contact a record of this account says is already unlocked), the balance now and after, and
 * what is left of today's budget. A reveal the quote refuses (today's budget cannot hold it while it is
 * sent, or the balance cannot pay it) says why here and cannot be confirmed: nothing is refused after the
 * click. Only "Reveal for N credits" confirms; Cancel, Escape and a backdrop click close it unsent.
 */
function RevealDialog(props: {
  name: string;
  person: Person;
  onFile: string[];
  /** `meterQuote(meter, { endpoint: revealEndpoint(…) })`: what the click pays, and whether it may. */
  quote: Quote;
  /** The record says this account already unlocked the contact. */
  unlocked: boolean;
  /** Today's budget for "N left of M", and when the quote's balance was read (dated when a while ago). */
  meter: CreditMeter | null;
  onCancel: () => void;
  /** Called once, with the price confirmed, then the dialog closes. */
  onConfirm: (quoted: number) => void;
}) {
  const { quote, unlocked, onConfirm, onCancel } = props;
  const dailyBudget = props.meter?.dailyBudget ?? null;
  const cancelRef = useRef<HTMLButtonElement>(null);
  // A double click must not send two reveals.
  const [sent, setSent] = useState(false);
  const { price, balance, remainingToday, refusal } = quote;

  return (
    <ModalDialog title="Confirm reveal" onClose={onCancel} initialFocus={cancelRef} className="reveal-dialog">
      <p>
        Reveal{' '}
        <strong>
          <SafeText text={props.name} />
        </strong>
        ’s contact channels? Revealed channels are kept on this device and shown again at no cost.
      </p>
      <CompanyTrust company={props.person.company} />
      <dl className="facts">
        <dt>On file</dt>
        <dd>{props.onFile.length > 0 ? props.onFile.join(', ') : 'No channels on file'}</dd>
        <dt>Price</dt>
        <dd>
          {creditsLabel(price)}
          {unlocked && ' (already unlocked by your account)'}
        </dd>
        <dt>Balance</dt>
        <dd>
          {balance === null ? (
            'unknown'
          ) : (
            <>
              {creditsLabel(balance)}
              {asOfLabel(props.meter?.balanceAt) || ' now'} → {creditsLabel(Math.max(0, balance - price))} after
            </>
          )}
        </dd>
        <dt>Today’s budget</dt>
        <dd>
          {dailyBudget === null || !Number.isFinite(remainingToday)
            ? 'unknown'
            : `${creditsLabel(remainingToday)} left of ${formatCredits(dailyBudget)}`}
        </dd>
      </dl>
      {refusal !== null && (
        <p className={`notice ${refusal === 'budget' ? 'notice--warn' : 'notice--danger'}`} role="alert">
          {quoteRefusalText(quote)}
        </p>
      )}
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={sent || refusal !== null}
          onClick={() => {
            if (sent) return;
            setSent(true);
            onConfirm(price);
          }}
        >
          Reveal for {creditsLabel(price)}
        </button>
      </div>
    </ModalDialog>
  );
}

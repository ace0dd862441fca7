/*
 * ContactExport — "Copy all" and "Download vCard" for a contact whose channels are known (revealed, or
 * already unlocked). No call and no credits: it only formats what the card already shows
 * (lib/contacts). The caller shows it only once something is known.
 */
import type { ContactCard } from '@/lib/contacts/contact-card';
import { contactText } from '@/lib/contacts/contact-text';
import { vCard, vCardFileName } from '@/lib/contacts/vcard';
import { CopyButton } from '@/components/shared/copy-button';
import { downloadText } from '@/components/shared/download-file';

export interface ContactExportProps {
  /** Name, title, company, X handle and the known channels. */
  card: ContactCard;
}

export function ContactExport({ card }: ContactExportProps) {
  return (
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
  );
}

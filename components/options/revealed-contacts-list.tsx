import type { RevealRecord } from '@/lib/credits';
import { formatDate } from '@/components/shared/format';
import { emailHref, linkedinHref, phoneHref, telegramHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';
import { CONTACT_CHANNELS } from '@/lib/api/contact-channels';

const HREFS: Readonly<Record<string, (value: string) => string | null>> = {
  email: emailHref,
  phone: phoneHref,
  telegram: telegramHref,
  linkedinUrl: linkedinHref,
};

/** Contacts this install paid to reveal (shown again at no cost), newest first. */
export function RevealedContactsList({ reveals }: { reveals: readonly RevealRecord[] }) {
  if (reveals.length === 0) return <p className="empty">No contacts revealed yet.</p>;
  return (
    <ul aria-label="Revealed contacts" className="reveals">
      {[...reveals]
        .sort((a, b) => b.at - a.at)
        .map((r) => (
          <li key={`${r.accountId}:${r.personId}`}>
            <strong>
              <SafeText text={safeText(r.name) || r.personId} />
            </strong>
            <span className="help">
              {' '}
              revealed {formatDate(r.at)} · {r.creditsCharged} credits
            </span>
            <dl className="facts reveal-channels">
              {/* The channel table's order (the card's), not the order the record was stored in. */}
              {CONTACT_CHANNELS.filter((c) => r.channels[c.id] !== undefined)
                .map((c) => [c, r.channels[c.id]] as const)
                .map(([{ id: channel, label }, value]) => (
                  <div key={channel} className="row">
                    <dt>{label}</dt>
                    <dd>
                      {value === null || value === undefined ? (
                        'none on file'
                      ) : (
                        <SafeLink href={HREFS[channel]?.(value) ?? null} allowContact>
                          <SafeText text={value} />
                        </SafeLink>
                      )}
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
    </ul>
  );
}

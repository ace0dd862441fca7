/*
 * OrgLinks — a company's or fund's links: website (from `domain`), X, LinkedIn, Discord, community.
 * Each is a link only when its URL is safe; an unsafe one is shown as plain text.
 */
import { safeHref, websiteHref, xProfileHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';

export interface OrgLinksProps {
  record: {
    domain?: string | null;
    twitterHandle?: string | null;
    linkedinUrl?: string | null;
    discordUrl?: string | null;
    communityLink?: string | null;
  };
}

interface LinkItem {
  key: string;
  /** Link text when the URL is safe. */
  label: string;
  href: string | null;
  /** Shown as plain text when the URL is refused, so the user still sees what the record says. */
  asText: string;
}

export function OrgLinks({ record }: OrgLinksProps) {
  const links: LinkItem[] = [];
  const { domain, twitterHandle, linkedinUrl, discordUrl, communityLink } = record;
  if (domain)
    links.push({ key: 'web', label: domain.replace(/^https?:\/\//, '').replace(/\/$/, ''), href: websiteHref(domain), asText: domain });
  if (twitterHandle) {
    const handle = `@${twitterHandle.replace(/^@/, '')}`;
    links.push({ key: 'x', label: handle, href: xProfileHref(twitterHandle), asText: handle });
  }
  if (linkedinUrl) links.push({ key: 'linkedin', label: 'LinkedIn', href: linkedinUrl, asText: `LinkedIn: ${linkedinUrl}` });
  if (discordUrl) links.push({ key: 'discord', label: 'Discord', href: discordUrl, asText: `Discord: ${discordUrl}` });
  if (communityLink) links.push({ key: 'community', label: 'Community', href: communityLink, asText: `Community: ${communityLink}` });
  if (links.length === 0) return null;
  return (
    <ul className="links" aria-label="Links">
      {links.map((l) => (
        <li key={l.key}>
          <SafeLink href={l.href}>
            <SafeText text={safeHref(l.href) === null ? l.asText : l.label} />
          </SafeLink>
        </li>
      ))}
    </ul>
  );
}

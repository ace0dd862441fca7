import type { Person, Project } from '@/lib/api';
import { parseLinkedInUrl } from '@/lib/profile/parse-linkedin-url';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { normalizeHandle, normalizeName } from './normalize-name';

/** Only the fields matching reads (a person's company as a name), so any row shape with them matches. */
export type PersonLike = Pick<Person, 'id' | 'firstName' | 'lastName' | 'twitterHandle'> & { company?: { name?: string | null } | null };
export type OrganizationLike = Pick<Project, 'id' | 'name' | 'twitterHandle' | 'linkedinUrl'>;

/**
 * What a match rests on: the X handle, the LinkedIn company page, the name alone (an organisation only: a
 * person's name alone gives candidates), the name with the page's current company (or headline's).
 */
export type MatchBasis = 'x-handle' | 'linkedin-company' | 'name' | 'name-company' | 'name-headline';

export type MatchOutcome<P, O> =
  | { kind: 'matched'; person?: P; organization?: O; on: MatchBasis }
  | { kind: 'candidates'; people: P[]; organizations: O[] }
  | { kind: 'not-found' };

export function fullName(p: PersonLike): string {
  return [p.firstName, p.lastName].filter(Boolean).join(' ');
}

/** The `/company/{slug}` of a LinkedIn organisation URL, lower-cased, or null. */
export function linkedinCompanySlug(url: string | null | undefined): string | null {
  const page = url ? parseLinkedInUrl(url) : null;
  return page?.kind === 'company' ? page.slug.toLowerCase() : null;
}

/**
 * How well a person's company agrees with what the LinkedIn page shows: 2 when the page's current
 * company is the record's company, 1 when the headline mentions it, 0 otherwise.
 */
export function companyAgreement(person: PersonLike, hints: PageHints): number {
  const company = normalizeName(person.company?.name ?? '');
  if (!company) return 0;
  if (hints.company && normalizeName(hints.company) === company) return 2;
  if (hints.headline && ` ${normalizeName(hints.headline)} `.includes(` ${company} `)) return 1;
  return 0;
}

function decide<P extends PersonLike, O extends OrganizationLike>(people: P[], organizations: O[], on: MatchBasis): MatchOutcome<P, O> {
  if (people.length === 1) return { kind: 'matched', person: people[0], on };
  if (people.length > 1) return { kind: 'candidates', people, organizations: [] };
  if (organizations.length === 1) return { kind: 'matched', organization: organizations[0], on };
  if (organizations.length > 1) return { kind: 'candidates', people: [], organizations };
  return { kind: 'not-found' };
}

/**
 * Which search rows are the profile on screen. Only exact identities count: a near miss is not a match,
 * and a LinkedIn person's name alone is not an identity (one row of that name is a candidate, not a match).
 */
export function matchProfile<P extends PersonLike, O extends OrganizationLike>(
  profile: DetectedProfile,
  hints: PageHints,
  rows: { people: readonly P[]; projects: readonly O[] },
): MatchOutcome<P, O> {
  if (profile.site === 'x') {
    const handle = normalizeHandle(profile.handle);
    const people = rows.people.filter((p) => normalizeHandle(p.twitterHandle) === handle);
    const orgs = rows.projects.filter((o) => normalizeHandle(o.twitterHandle) === handle);
    // A person's own handle wins; their card already carries their company.
    return decide(people, people.length > 0 ? [] : orgs, 'x-handle');
  }
  if (profile.kind === 'person') {
    const name = normalizeName(hints.name ?? '');
    if (!name) return { kind: 'not-found' };
    const scored = rows.people
      .filter((p) => normalizeName(fullName(p)) === name)
      .map((p, i) => ({ p, i, score: companyAgreement(p, hints) }))
      .sort((a, b) => b.score - a.score || a.i - b.i);
    // A name is never enough for a person: exactly one row must also work where the page says (its
    // current company, else its headline). That is the one a rep would pick; anything less is a choice.
    const [top, next] = scored;
    if (top && top.score > 0 && (!next || next.score < top.score)) {
      return { kind: 'matched', person: top.p, on: top.score === 2 ? 'name-company' : 'name-headline' };
    }
    return scored.length > 0 ? { kind: 'candidates', people: scored.map((x) => x.p), organizations: [] } : { kind: 'not-found' };
  }
  const slug = profile.slug.toLowerCase();
  const bySlug = rows.projects.filter((o) => linkedinCompanySlug(o.linkedinUrl) === slug);
  if (bySlug.length > 0) return decide([], bySlug, 'linkedin-company');
  const name = normalizeName(hints.name ?? '');
  if (!name) return { kind: 'not-found' };
  const byName = rows.projects.filter((o) => normalizeName(o.name ?? '') === name);
  return decide([], byName, 'name');
}

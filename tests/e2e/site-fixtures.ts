import type { BrowserContext, Page, Route } from '@playwright/test';

// Route-served stand-ins for X and LinkedIn so content scripts run with no internet. The markup mirrors
// the real sites where the extension reads hints (X's UserName test id and title format, the follow control
// that carries the account's numeric id, LinkedIn's top-card h1, headline and "| LinkedIn" titles);
// everything else about those sites is irrelevant.

export interface SiteDirectory {
  /** X handle (any case) → display name */
  x?: Record<string, string>;
  /**
   * X handle (any case) → the X user id its page shows on the follow control, where not `xIdOf(handle)`; `null`: a
   * page with none (the rep's own profile, logged out). Read at each request: a spec can give a handle another id
   * between visits (a renamed account, a reused handle).
   */
  xIds?: Record<string, string | null>;
  /** LinkedIn person slug → name, headline, company */
  linkedinPeople?: Record<string, { name: string; headline?: string; company?: string }>;
  /** LinkedIn organisation slug → name */
  linkedinCompanies?: Record<string, string>;
  /** X handle → the accounts its `/followers` page lists ("People on this page"). */
  xFollowers?: Record<string, ReadonlyArray<XListRow>>;
  /** LinkedIn list path (`search/results/people`, `company/<slug>/people`) → the people it lists. */
  linkedinLists?: Record<string, ReadonlyArray<LinkedInListRow>>;
}

/** A row of an X list page; its follow control carries `xId` (by default `xIdOf(handle)`; `null`: none, the rep's own row). */
export interface XListRow {
  name: string;
  handle: string;
  xId?: string | null;
}

export interface LinkedInListRow {
  name: string;
  slug: string;
  headline: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}

function findCaseless<T>(map: Record<string, T> | undefined, key: string): T | undefined {
  if (!map) return undefined;
  const hit = Object.keys(map).find((k) => k.toLowerCase() === key.toLowerCase());
  return hit === undefined ? undefined : map[hit];
}

/**
 * The X user id a stand-in page gives `handle` unless the directory says otherwise: a 32-bit FNV-1a hash of
 * the lower-cased handle, offset to 10 digits, so one handle keeps one id across pages and specs.
 */
export function xIdOf(handle: string): string {
  let hash = 0x811c9dc5;
  for (const c of handle.toLowerCase()) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return String(1_000_000_000 + hash);
}

/** The follow control X draws for an account (its header's, a list row's): the id in its test id, the handle in its label. */
function followControl(handle: string, xId: string | null): string {
  return xId === null ? '' : `<button type="button" data-testid="${esc(xId)}-follow" aria-label="Follow @${esc(handle)}">Follow</button>`;
}

export function xPage(pathname: string, dir: SiteDirectory): string {
  const [handle = '', tab] = pathname.split('/').filter(Boolean);
  const name = findCaseless(dir.x, handle);
  if (name === undefined) return page('Home / X', '<main><h2>Home</h2></main>');
  const xId = findCaseless(dir.xIds, handle);
  const followers = tab === 'followers' ? findCaseless(dir.xFollowers, handle) : undefined;
  if (followers) return xFollowersPage(handle, name, followers);
  // As on x.com, the follow control sits in the header beside the UserName block, not inside it.
  return page(
    `${name} (@${handle}) / X`,
    `<main><div><div data-testid="placementTracking">${followControl(handle, xId === undefined ? xIdOf(handle) : xId)}</div>` +
      `<div data-testid="UserName"><div><span>${esc(name)}</span></div><div><span>@${esc(handle)}</span></div></div></div></main>`,
  );
}

export function linkedinPage(pathname: string, dir: SiteDirectory): string {
  const listPath = pathname.split('/').filter(Boolean).join('/');
  const list = dir.linkedinLists?.[listPath];
  if (list) return listPath.startsWith('company/') ? linkedinCompanyPeoplePage(list) : linkedinSearchPage(list);
  const [kind, rawSlug] = pathname.split('/').filter(Boolean);
  const slug = decodeURIComponent(rawSlug ?? '');
  if (kind === 'in') {
    const p = findCaseless(dir.linkedinPeople, slug);
    if (p) {
      return page(
        `${p.name}${p.headline ? ` - ${p.headline}` : ''} | LinkedIn`,
        `<main class="scaffold-layout__main"><section class="artdeco-card pv-top-card"><div class="ph5">
          <h1 class="text-heading-xlarge inline t-24 v-align-middle break-words">${esc(p.name)}</h1>
          <div class="text-body-medium break-words">${esc(p.headline ?? '')}</div>
          ${p.company ? `<ul class="pv-text-details__right-panel"><li><button aria-label="Current company: ${esc(p.company)}. Click to skip to experience card"><span>${esc(p.company)}</span></button></li></ul>` : ''}
        </div></section></main>`,
      );
    }
  }
  if (kind === 'company' || kind === 'school') {
    const name = findCaseless(dir.linkedinCompanies, slug);
    if (name) {
      return page(
        `${name} | LinkedIn`,
        `<main><section class="org-top-card"><h1 class="org-top-card-summary__title">${esc(name)}</h1></section></main>`,
      );
    }
  }
  return page('Feed | LinkedIn', '<main><h2>Feed</h2></main>');
}

/**
 * Serves X and LinkedIn fixture pages for every URL on those hosts in this context, or in this page only.
 * A context's routes also hold every request of the extension's service worker in Playwright until it
 * lets it go (its API calls included): a timing bench serves one page instead (tests/bench/time-to-card.ts).
 */
export async function serveSites(context: Pick<BrowserContext, 'route'> | Pick<Page, 'route'>, dir: SiteDirectory): Promise<void> {
  const fulfil = (render: (path: string) => string) => (route: Route) => {
    const url = new URL(route.request().url());
    if (route.request().resourceType() !== 'document') return route.fulfill({ status: 204, body: '' });
    return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: render(url.pathname) });
  };
  for (const host of ['https://x.com/**', 'https://twitter.com/**', 'https://mobile.x.com/**']) {
    await context.route(
      host,
      fulfil((p) => xPage(p, dir)),
    );
  }
  for (const host of ['https://www.linkedin.com/**', 'https://linkedin.com/**']) {
    await context.route(
      host,
      fulfil((p) => linkedinPage(p, dir)),
    );
  }
}

/**
 * An X followers list (`/{owner}/followers`) with these accounts, in the UserCell rows of the real saved page
 * (lib/profile/fixtures/real/x-followers-ids-2025.html; 8 rows: lib/profile/fixtures/lists/x-followers-8-reconstructed.html),
 * each with its follow control. X draws the row as a `<button>` around it from script; served as HTML, a button
 * in a button would close the row, so the row here is a `div role="button"` (the reader goes by the test id).
 */
export function xFollowersPage(owner: string, ownerName: string, rows: ReadonlyArray<XListRow>): string {
  const cells = rows
    .map(
      ({ name, handle, xId }) =>
        `<div data-testid="cellInnerDiv"><div data-testid="UserCell" role="button" tabindex="0"><a href="/${esc(handle)}" role="link"><div dir="ltr"><span>${esc(name)}</span></div></a>` +
        `<a href="/${esc(handle)}" role="link" tabindex="-1"><div dir="ltr"><span>@${esc(handle)}</span></div></a>` +
        `${followControl(handle, xId === undefined ? xIdOf(handle) : xId)}</div></div>`,
    )
    .join('');
  return page(
    `People following ${ownerName} (@${owner}) / X`,
    `<main role="main"><div data-testid="primaryColumn"><div><h2 role="heading">${esc(ownerName)}</h2><div dir="ltr"><span>@${esc(owner)}</span></div></div>` +
      `<section role="region"><h1 role="heading">Followers</h1><div id="cells">${cells}</div></section></div></main>`,
  );
}

/**
 * A LinkedIn people search, in the rows of lib/profile/fixtures/lists/li-search-people-reconstructed.html (photo
 * link, name link with a screen-reader copy, degree badge, headline, Connect); `#rows` takes more as the rep scrolls.
 */
export function linkedinSearchRow({ name, slug, headline }: LinkedInListRow): string {
  const href = `https://www.linkedin.com/in/${esc(slug)}/?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAAA1`;
  return (
    `<li class="reusable-search__result-container"><div class="entity-result"><a href="${href}"><img alt="" src="data:,"><span class="visually-hidden">Status is reachable</span></a>` +
    `<span class="entity-result__title-text"><a href="${href}"><span dir="ltr"><span aria-hidden="true">${esc(name)}</span><span class="visually-hidden">View ${esc(name)}’s profile</span></span></a>` +
    `<span class="entity-result__badge"><span aria-hidden="true">• 2nd</span><span class="visually-hidden">2nd degree connection</span></span></span>` +
    `<div class="entity-result__primary-subtitle">${esc(headline)}</div><div class="entity-result__secondary-subtitle">Lisbon</div>` +
    `<button aria-label="Invite ${esc(name)} to connect"><span>Connect</span></button></div></li>`
  );
}

function linkedinSearchPage(rows: ReadonlyArray<LinkedInListRow>): string {
  return page(
    'Search | LinkedIn',
    `<header><nav><a href="/in/me-the-viewer/">Me</a></nav></header><main class="scaffold-layout__main"><ul id="rows" class="reusable-search__entity-result-list">${rows.map(linkedinSearchRow).join('')}</ul></main>`,
  );
}

/** A company's People tab, in the cards of lib/profile/fixtures/lists/li-company-people-reconstructed.html. */
function linkedinCompanyPeoplePage(rows: ReadonlyArray<LinkedInListRow>): string {
  const cards = rows
    .map(
      ({ name, slug, headline }) =>
        `<li class="org-people-profile-card__profile-card-spacing"><section class="artdeco-card"><a href="https://www.linkedin.com/in/${esc(slug)}" aria-label="View ${esc(name)}’s profile"><img alt="${esc(name)}" src="data:,"></a>` +
        `<div class="artdeco-entity-lockup__title"><a href="https://www.linkedin.com/in/${esc(slug)}"><div class="lt-line-clamp">${esc(name)}</div></a></div>` +
        `<div class="artdeco-entity-lockup__badge"><span>· 2nd</span></div><div class="artdeco-entity-lockup__subtitle"><div class="lt-line-clamp">${esc(headline)}</div></div>` +
        `<footer><button><span>Connect</span></button></footer></section></li>`,
    )
    .join('');
  return page(
    'QuantLayer: People | LinkedIn',
    `<main><h1>QuantLayer</h1><section><h2>People you may know</h2><ul id="rows">${cards}` +
      `<li><section class="artdeco-card"><div class="artdeco-entity-lockup__title"><div class="lt-line-clamp">LinkedIn Member</div></div></section></li></ul></section></main>`,
  );
}

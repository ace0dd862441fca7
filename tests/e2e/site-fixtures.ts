import type { BrowserContext, Route } from '@playwright/test';

// Route-served stand-ins for X and LinkedIn so content scripts run with no internet. The markup mirrors
// the real sites where the extension reads hints (X's UserName test id and title format, LinkedIn's
// top-card h1, headline and "| LinkedIn" titles); everything else about those sites is irrelevant.

export interface SiteDirectory {
  /** X handle (any case) → display name */
  x?: Record<string, string>;
  /** LinkedIn person slug → name, headline, company */
  linkedinPeople?: Record<string, { name: string; headline?: string; company?: string }>;
  /** LinkedIn organisation slug → name */
  linkedinCompanies?: Record<string, string>;
  /** X handle → the accounts its `/followers` page lists ("People on this page"). */
  xFollowers?: Record<string, ReadonlyArray<{ name: string; handle: string }>>;
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

export function xPage(pathname: string, dir: SiteDirectory): string {
  const [handle = '', tab] = pathname.split('/').filter(Boolean);
  const name = findCaseless(dir.x, handle);
  const followers = tab === 'followers' ? findCaseless(dir.xFollowers, handle) : undefined;
  if (name && followers) return xFollowersPage(handle, name, followers);
  if (!name) return page('Home / X', '<main><h2>Home</h2></main>');
  return page(
    `${name} (@${handle}) / X`,
    `<main><div data-testid="UserName"><div><span>${esc(name)}</span></div><div><span>@${esc(handle)}</span></div></div></main>`,
  );
}

export function linkedinPage(pathname: string, dir: SiteDirectory): string {
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

/** Serves X and LinkedIn fixture pages for every URL on those hosts in this context. */
export async function serveSites(context: BrowserContext, dir: SiteDirectory): Promise<void> {
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
 * (lib/profile/fixtures/real/x-followers-2025.html; 8 rows: lib/profile/fixtures/lists/x-followers-8-reconstructed.html).
 */
export function xFollowersPage(owner: string, ownerName: string, rows: ReadonlyArray<{ name: string; handle: string }>): string {
  const cells = rows
    .map(
      ({ name, handle }) =>
        `<div data-testid="cellInnerDiv"><button data-testid="UserCell" role="button"><a href="/${esc(handle)}" role="link"><div dir="ltr"><span>${esc(name)}</span></div></a>` +
        `<a href="/${esc(handle)}" role="link" tabindex="-1"><div dir="ltr"><span>@${esc(handle)}</span></div></a></button></div>`,
    )
    .join('');
  return page(
    `People following ${ownerName} (@${owner}) / X`,
    `<main role="main"><div data-testid="primaryColumn"><div><h2 role="heading">${esc(ownerName)}</h2><div dir="ltr"><span>@${esc(owner)}</span></div></div>` +
      `<section role="region"><h1 role="heading">Followers</h1><div id="cells">${cells}</div></section></div></main>`,
  );
}

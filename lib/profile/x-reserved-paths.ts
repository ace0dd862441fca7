/**
 * First path segments that are X routes, not handles, so `x.com/{segment}` is never a profile:
 * X serves its own page there, whatever account might share the name. Entries that could
 * never match the handle pattern (`sw.js`, `search-advanced`) are kept for the record.
 *
 * Deliberately NOT here, because they are real, reachable accounts on x.com:
 * `x` (@X), `support` (@Support), `safety` (@Safety), `business` (@business, Bloomberg),
 * `people` (@people, People magazine), `verified` (@verified), `twitter` (@Twitter).
 */
export const X_RESERVED_PATHS: ReadonlySet<string> = new Set(
  // App sections
  (
    'home explore notifications messages i settings search search-advanced compose hashtag ' +
    'lists bookmarks topics communities grok jobs premium who_to_follow connect_people ' +
    'following followers follower_requests verified-choose tweetdeck places statuses tweet user web ' +
    // Sign-in, sharing and OAuth flows
    'login logout signup signin sessions account flow oauth oauth2 intent share welcome download ' +
    // Info pages (redirect to about.x.com, help.x.com, legal.x.com)
    'about tos privacy rules help ads ' +
    // Static files
    'sw.js robots.txt manifest.json favicon.ico opensearch.xml sitemap.xml .well-known'
  ).split(' '),
);

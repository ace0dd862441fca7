import { describe, expect, it } from 'vitest';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { loadFixture } from './fixtures/load-fixture';
import { isLinkedInListPage, isLinkedInListPath, isXListPage } from './list-pages';
import { readLinkedInPeople } from './read-linkedin-people';
import { readXPeople } from './read-x-people';

await installHappyDom();

const html = (body: string) => new DOMParser().parseFromString(`<!DOCTYPE html><html><body>${body}</body></html>`, 'text/html');

describe('list pages (the URL decides)', () => {
  it.each([
    ['https://x.com/meridianvc/followers', true],
    ['https://x.com/meridianvc/following', true],
    ['https://x.com/meridianvc/verified_followers', true],
    ['https://twitter.com/meridianvc/followers_you_follow', true],
    ['https://x.com/i/lists/1234567/members', true],
    ['https://x.com/search?q=defi&f=user', true],
    ['https://x.com/meridianvc/status/1908671786876850246', true],
    ['https://x.com/meridianvc/status/1908671786876850246/retweets', true],
    ['https://x.com/search?q=defi', false],
    ['https://x.com/meridianvc', false],
    ['https://x.com/meridianvc/likes', false],
    ['https://x.com/home', false],
    ['https://www.linkedin.com/search/results/people/?keywords=defi', false],
  ])('X %s → %s', (url, list) => expect(isXListPage(url)).toBe(list));

  it.each([
    ['https://www.linkedin.com/search/results/people/?keywords=defi', true],
    ['https://www.linkedin.com/company/meridian-ventures/people/', true],
    ['https://www.linkedin.com/mynetwork/', true],
    ['https://www.linkedin.com/mynetwork/grow/', true],
    ['https://www.linkedin.com/sales/search/people?query=x', true],
    ['https://www.linkedin.com/sales/lists/people/7123', true],
    ['https://www.linkedin.com/in/ada-lindqvist/', false],
    ['https://www.linkedin.com/company/meridian-ventures/', false],
    ['https://www.linkedin.com/sales/lead/ACwAAA1,NAME_SEARCH,x1', false],
    ['https://www.linkedin.com/sales/company/1234', false],
    ['https://www.linkedin.com/search/results/companies/?keywords=defi', false],
    ['https://x.com/meridianvc/followers', false],
  ])('LinkedIn %s → %s', (url, list) => expect(isLinkedInListPage(url)).toBe(list));

  // The LinkedIn content script runs on LinkedIn only and asks the path alone: same answers there.
  it.each([
    'https://www.linkedin.com/search/results/people/?keywords=defi',
    'https://www.linkedin.com/mynetwork/',
    'https://www.linkedin.com/in/ada-lindqvist/',
    'https://www.linkedin.com/sales/lead/ACwAAA1,NAME_SEARCH,x1',
  ])('LinkedIn path of %s as the URL', (url) => expect(isLinkedInListPath(new URL(url).pathname)).toBe(isLinkedInListPage(url)));
});

describe('X rows', () => {
  it.each([
    // Real saved pages (fixtures/real/PROVENANCE.md: SubstrateLabs/brocc @ 817559b, 2025-04).
    ['real/x-followers-2025.html', undefined, [{ name: 'ben g🥦', handle: '0thernet' }]],
    ['real/x-following-2025.html', undefined, 'one row'],
    // A post page: its author is the page's own profile, not a row.
    ['real/x-status-2025.html', 'eli_lifland', []],
    // The page's profile pages show no rows.
    ['real/x-profile-2025.html', undefined, []],
  ])('%s', (file, pageHandle, expected) => {
    const rows = readXPeople(loadFixture(file), pageHandle);
    if (expected === 'one row') expect(rows).toHaveLength(1);
    else expect(rows).toEqual(expected);
  });

  it('reads 8 followers with name, handle and bio (reconstruction on the real structure)', () => {
    const rows = readXPeople(loadFixture('lists/x-followers-8-reconstructed.html'));
    expect(rows.map((r) => r.handle)).toEqual(['ada_l', 'benokafor', 'chenwei_eth', 'danaruiz', 'elimoreau', 'farahq', 'gus_t', 'hanakim']);
    expect(rows[0]).toEqual({ name: 'Ada Lindqvist', handle: 'ada_l', headline: 'BD at Meridian Ventures' });
    expect(rows[2]).toEqual({ name: 'Chen Wei', handle: 'chenwei_eth' });
  });

  it.each([
    ['no test ids (an unknown layout)', '<main><div><a href="/ada_l">Ada</a></div></main>', []],
    ['a row without a handle link', '<div data-testid="UserCell"><a href="/i/lists/1">List</a></div>', []],
    ['a row naming an X route, not an account', '<div data-testid="UserCell"><a href="/home">Home</a></div>', []],
    ['a row without a name (only @handle)', '<div data-testid="UserCell"><a href="/ada_l">@ada_l</a></div>', []],
    [
      'a reply author, and the post author left out',
      '<article data-testid="tweet"><div data-testid="User-Name"><a href="/meridianvc">Meridian</a></div></article>' +
        '<article data-testid="tweet"><div data-testid="User-Name"><a href="/ada_l"><span>Ada L</span></a><a href="/ada_l">@ada_l</a></div></article>',
      [{ name: 'Ada L', handle: 'ada_l' }],
    ],
    [
      'the same account twice is one row',
      '<div data-testid="UserCell"><a href="/ada_l">Ada</a></div><div data-testid="UserCell"><a href="/ADA_L">Ada</a></div>',
      [{ name: 'Ada', handle: 'ada_l' }],
    ],
  ])('%s', (_, body, expected) => expect(readXPeople(html(body), 'meridianvc')).toEqual(expected));

  it.each([
    ['its own follow control', '<button data-testid="44196397-follow" aria-label="Follow @ada_l">Follow</button>', { xId: '44196397' }],
    ['"Following"', '<button data-testid="44196397-unfollow" aria-label="Following @ada_l">Following</button>', { xId: '44196397' }],
    ["no follow control (the viewer's own row)", '', {}],
    ['a control naming someone else', '<button data-testid="44196397-follow" aria-label="Follow @benokafor">Follow</button>', {}],
    ['a test id that is no id', '<button data-testid="x1-follow" aria-label="Follow @ada_l">Follow</button>', {}],
  ])('a row with %s → its X id: %j', (_, control, id) => {
    const row = `<div data-testid="UserCell"><a href="/ada_l"><span>Ada</span></a><a href="/ada_l">@ada_l</a>${control}</div>`;
    expect(readXPeople(html(row))).toEqual([{ name: 'Ada', handle: 'ada_l', ...id }]);
  });

  it('reads at most 50 rows', () => {
    const cells = Array.from({ length: 60 }, (_, i) => `<div data-testid="UserCell"><a href="/user${i}">User ${i}</a></div>`).join('');
    expect(readXPeople(html(cells))).toHaveLength(50);
  });
});

describe('LinkedIn rows', () => {
  const search = [
    { name: 'Ada Lindqvist', slug: 'ada-lindqvist', headline: 'Head of BD at Meridian Ventures', company: 'Meridian Ventures' },
    { name: 'Ben Okafor', slug: 'ben-okafor-4b1a2', headline: 'Partner @ Lumen Labs', company: 'Lumen Labs' },
    { name: 'Chen Wei', slug: 'chen-wei', headline: 'Protocol engineer' },
  ];
  it.each([
    ['lists/li-search-people-reconstructed.html', search],
    // Every class renamed: the same rows (nothing is read by class).
    ['lists/li-search-people-renamed.html', search],
    [
      'lists/li-company-people-reconstructed.html',
      [
        { name: 'Ada Lindqvist', slug: 'ada-lindqvist', headline: 'Head of BD at Meridian Ventures', company: 'Meridian Ventures' },
        { name: 'Farah Qureshi', slug: 'farah-q', headline: 'Investment analyst' },
      ],
    ],
    [
      // Sales Navigator: no public slug, ever; the company from the row's account link.
      'lists/li-sales-list-reconstructed.html',
      [
        { name: 'Ada Lindqvist', headline: 'Head of BD', company: 'Meridian Ventures' },
        { name: 'Ben Okafor', headline: 'Partner', company: 'Lumen Labs' },
      ],
    ],
    [
      'lists/li-sales-search-reconstructed.html',
      [
        { name: 'Ada Lindqvist', headline: 'Head of BD', company: 'Meridian Ventures' },
        { name: 'Ben Okafor', headline: 'Partner' },
      ],
    ],
    // Real saved profile pages are no list: whatever they link, no wrong rows from a page without list rows.
    ['real/li-person-logged-in-2025.html', 'any'],
  ])('%s', (file, expected) => {
    const rows = readLinkedInPeople(loadFixture(file));
    if (expected !== 'any') expect(rows).toEqual(expected);
    else for (const row of rows) expect(row.name).not.toMatch(/^(?:view|status)\b/i);
  });

  // Real saved list pages (fixtures/real/PROVENANCE.md: SubstrateLabs/brocc @ 817559b, 2025-04). Every row a
  // person reading the page would list, with the headline they would read; the company where it says "at"/"@".
  const COMPANY_PEOPLE_2025 = [
    { name: 'Omid Rooholfada', slug: 'omidrooholfada', headline: 'Co-Founder @ Motion', company: 'Motion' },
    { name: 'Brian Wool', slug: 'bzwool', headline: 'Growth @ Motion', company: 'Motion' },
    { name: 'Madeleine N.', slug: 'madeleine-nakada', headline: 'Engineering Manager at Motion', company: 'Motion' },
    { name: 'Scott Walters', slug: 'scowalt', headline: 'Engineering Manager @ Motion', company: 'Motion' },
    { name: 'Young Chen', slug: 'yngchen', headline: 'Software Engineer at Motion', company: 'Motion' },
    { name: 'Victor Wang', slug: 'victorwang1', headline: 'VC Investor | Partner at HOF Capital', company: 'HOF Capital' },
    { name: 'Bruno Gonzalez Hauger', slug: 'brunogonzalezhauger', headline: 'Customer Success • Motion' },
    { name: '⌨︎Charles Chen', slug: 'charlescchen', headline: 'Principal Software Engineer | Maker: Turas.app + CodeRev.app' },
    { name: 'Ashley Tsoi', slug: 'ashley-tsoi', headline: 'Data @ Motion', company: 'Motion' },
    { name: 'Ethan Yu', slug: 'ethanyu94', headline: 'Co-Founder @ Motion', company: 'Motion' },
    { name: 'Chris Shen', slug: 'chris-y-shen', headline: 'Software at Motion', company: 'Motion' },
    { name: 'Fabian Hiller', slug: 'fabianhiller', headline: 'Software Engineer | Studienstiftung' },
  ];
  const SEARCH_2025 = [
    {
      name: 'Si Kai Lee',
      slug: 'sikailee',
      headline: 'Data Scientist @ Gaimin | ex-PhD -> MA Statistics and Data Science + MS Computer Science',
      company: 'Gaimin',
    },
    { name: 'Jake Nyquist', slug: 'jake-nyquist', headline: 'Head of Protocol at Caldera', company: 'Caldera' },
    { name: 'Dylan Sherry', slug: 'dylansherry', headline: 'Engineering Leader' },
    {
      name: 'Joseph Pan',
      slug: 'panjoseph67',
      headline: 'CS Undergraduate at Rensselaer Polytechnic Institute',
      company: 'Rensselaer Polytechnic Institute',
    },
    { name: 'Sidharth Shanker', slug: 'sidharthshanker', headline: 'Software Engineer at Baseten', company: 'Baseten' },
    { name: 'Maja Milinkovic', slug: 'maja-milinkovic', headline: 'Software Engineer - Machine Learning Platform' },
    {
      name: 'Jeremiah Rogers',
      slug: 'jeremiahr',
      headline: 'Full-stack ML & data systems builder | Experience from seed stage to IPO | Ex-Meta, Flexport, Fin, & others',
    },
    { name: 'AJ Ding', slug: 'aj-ding-90826856', headline: 'Founder | Building great software for SMBs' },
    { name: 'Andriy Mulyar', slug: 'andriymulyar', headline: 'Founder & CEO @ Nomic', company: 'Nomic' },
    { name: 'David Seeto', slug: 'dseeto', headline: 'Passionate About Building' },
  ];
  const MY_NETWORK_2025 = [
    { name: 'Ken Aizawa', slug: 'kenaizawa', headline: 'VP of Engineering at TheTake.ai', company: 'TheTake.ai' },
    {
      name: 'John Keane',
      slug: 'jokeane',
      headline: 'Director of Engineering | AI & ML Strategist | Driving Scalable Tech Transformations & Cloud Modernization',
    },
    { name: 'Knar Hovakimyan', slug: 'knarh', headline: 'Responsible AI at Grammarly', company: 'Grammarly' },
    { name: 'Nick Kraft', slug: 'nicholasakraft', headline: 'CTO @ Fathom', company: 'Fathom' },
    { name: 'Barak Harel', slug: 'barakharel', headline: 'R&D Manager, Revenue Analytics at Gong.io', company: 'Gong.io' },
    { name: 'Eli Brosh', slug: 'eli-brosh-058989', headline: 'Head of AI Research @ Wix | AI leader | Speaker', company: 'Wix' },
    { name: 'Rish Gupta', slug: 'profilerish', headline: 'Co-founder & CEO - Spot AI [Turning dumb cameras into AI teammates]' },
    { name: 'Bryan Pirtle', slug: 'bpirtle', headline: 'Senior Director, Engineering at Highspot', company: 'Highspot' },
  ];

  // Every class renamed (hashed), LinkedIn's screen-reader classes aside: nothing is read by class.
  const renamed = (doc: Document): Document => {
    let n = 0;
    for (const el of Array.from(doc.querySelectorAll('[class]'))) {
      const keep = el
        .getAttribute('class')!
        .split(/\s+/)
        .filter((c) => c === 'visually-hidden' || c === 'a11y-text');
      el.setAttribute('class', [...keep, `_h${(n++).toString(36)}`].join(' '));
    }
    return doc;
  };

  it.each([
    // The company People tab; its top card's "Chander works here" links a person but is no row.
    ['real/li-company-people-2025.html', COMPANY_PEOPLE_2025],
    // A people search (1st-degree filter); the results' "mutual connection" links are not rows.
    ['real/li-search-people-2025.html', SEARCH_2025],
    // My Network's connections, 2025's server-driven layout: no list items, hashed classes.
    ['real/li-mynetwork-connections-2025.html', MY_NETWORK_2025],
  ])('real %s', (file, expected) => {
    expect(readLinkedInPeople(loadFixture(file))).toEqual(expected);
    expect(readLinkedInPeople(renamed(loadFixture(file)))).toEqual(expected);
  });

  it.each([
    ['no main (an unknown layout)', '<ul><li><a href="/in/ada">Ada</a></li></ul>'],
    ['profile links outside list rows', '<main><p><a href="/in/ada">Ada</a></p></main>'],
    ['a link without text', '<main><ul><li><a href="/in/ada"><img alt=""></a></li></ul></main>'],
  ])('%s → no rows', (_, body) => expect(readLinkedInPeople(html(body))).toEqual([]));

  it.each([
    [
      'screen-reader copies are not read (name, degree)',
      '<main><ul><li><a href="/in/ada"><span aria-hidden="true">Ada 🚀</span><span class="visually-hidden">View Ada’s profile</span></a>' +
        '<span class="visually-hidden">2nd degree connection</span><div>Founder at Nova</div></li></ul></main>',
      [{ name: 'Ada 🚀', slug: 'ada', headline: 'Founder at Nova', company: 'Nova' }],
    ],
    [
      'a malformed percent-encoded slug is no slug (and no throw)',
      '<main><ul><li><a href="/in/ada%E0%A4%A">Ada</a><div>CTO</div></li></ul></main>',
      [{ name: 'Ada', headline: 'CTO' }],
    ],
    [
      'a photo link without text, then the name link',
      '<main><ul><li><a href="/in/ada"><img alt=""></a><a href="/in/ada">Ada</a></li></ul></main>',
      [{ name: 'Ada', slug: 'ada' }],
    ],
    [
      'the headline is the first line past the badge, the buttons and links to others',
      '<main><ul><li><div><a href="/in/ada">Ada</a><span>• 2nd</span></div><button><span>Connect</span></button>' +
        '<a href="/in/ben?mini=1"><span>Ben</span></a><div><span class="a11y-text">Hidden</span><span>Partner at Lumen</span></div></li></ul></main>',
      [{ name: 'Ada', slug: 'ada', headline: 'Partner at Lumen', company: 'Lumen' }],
    ],
    [
      'blocks without list items: each person’s largest block of their own',
      '<main><section><div><div><a href="/in/ada">Ada</a></div><p>CTO</p><a href="/in/ada">Message</a></div>' +
        '<div><a href="/in/ben">Ben</a><p>COO at Lumen</p></div></section></main>',
      [
        { name: 'Ada', slug: 'ada', headline: 'CTO' },
        { name: 'Ben', slug: 'ben', headline: 'COO at Lumen', company: 'Lumen' },
      ],
    ],
  ])('%s', (_, body, expected) => expect(readLinkedInPeople(html(body))).toEqual(expected));
});

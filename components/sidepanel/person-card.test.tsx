import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PersonCard, type PersonCardProps } from './person-card';
import { accountPrices, aMeter, aPerson, aPersonDetail, aRevealRecord, projectJson } from '@/tests/support/records';
import { fullText } from '@/tests/support/full-text';

function renderCard(overrides: Partial<PersonCardProps> = {}) {
  const props: PersonCardProps = {
    person: aPerson(),
    canReveal: true,
    meter: aMeter(),
    prices: accountPrices(),
    companyName: 'QuantLayer',
    onReveal: vi.fn(),
    onLoadCoworkers: vi.fn(),
    ...overrides,
  };
  render(<PersonCard {...props} />);
  return props;
}

const channelItems = () => within(screen.getByRole('list', { name: 'Contact channels' })).getAllByRole('listitem');

describe('PersonCard', () => {
  it('is the region "Person" with name, title, avatar, X link, followers and company', () => {
    const onCompanyClick = vi.fn();
    renderCard({ onCompanyClick });
    const region = screen.getByRole('region', { name: 'Person' });
    expect(within(region).getByRole('heading', { name: 'Ada Lindqvist' })).toBeVisible();
    expect(within(region).getByText(/Founder & CEO/)).toBeVisible();
    expect(within(region).getByRole('link', { name: '@AdaQuant' }).getAttribute('href')).toBe('https://x.com/AdaQuant');
    expect(within(region).getByText('48.2K X followers')).toBeVisible();
    expect(within(region).getByText('Content creator')).toBeVisible();
    expect(region.querySelector('img')).toBeNull(); // initials only: the avatar URL is never loaded
    // Inside act: the click's state update is done before the test ends (not after its DOM is gone).
    act(() => within(region).getByRole('button', { name: 'QuantLayer' }).click());
    expect(onCompanyClick).toHaveBeenCalledOnce();
  });

  it('shows initials when the avatar is not https', () => {
    renderCard({ person: aPerson({ avatarUrl: 'http://cdn.example/a.jpg' }) });
    const region = screen.getByRole('region', { name: 'Person' });
    expect(region.querySelector('img')).toBeNull();
    expect(within(region).getByText('AL')).toBeVisible();
  });

  it('lists the four channels as on file / not on file before a reveal', () => {
    renderCard();
    const items = channelItems();
    // One line of chips, as lists of people show them: the mark is decoration, the words are read.
    expect(items.map((li) => li.textContent)).toEqual([
      '✓ Email on file',
      '✓ Phone on file',
      '✓ Telegram on file',
      '✕ LinkedIn not on file',
    ]);
    expect(screen.getByRole('list', { name: 'Contact channels' }).className).toContain('channel-flags');
    expect(screen.getByRole('button', { name: /^Reveal/ }).textContent).toBe('Reveal contact…');
  });

  it('on a LinkedIn page LinkedIn is not listed (the rep is looking at it)', () => {
    renderCard({ person: aPerson({ hasLinkedin: true }), omitChannel: 'linkedinUrl' });
    expect(channelItems().map((li) => li.textContent)).toEqual(['✓ Email on file', '✓ Phone on file', '✓ Telegram on file']);
  });

  it('after a reveal shows values with links and Copy buttons, and no reveal button', () => {
    renderCard({ revealed: aRevealRecord() });
    const list = screen.getByRole('list', { name: 'Contact channels' });
    expect(within(list).getByRole('link', { name: 'ada@quantlayer.xyz' }).getAttribute('href')).toBe('mailto:ada@quantlayer.xyz');
    expect(within(list).getByRole('link', { name: '+1 415 555 0100' }).getAttribute('href')).toBe('tel:+14155550100');
    expect(within(list).getByRole('link', { name: '@adaquant' }).getAttribute('href')).toBe('https://t.me/adaquant');
    expect(within(list).getByRole('button', { name: 'Copy Email' })).toBeVisible();
    expect(channelItems()[3]?.textContent).toBe('LinkedInnot on file');
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
  });

  it('shows a revealed LinkedIn URL as a link only when https', () => {
    renderCard({
      person: aPerson({ hasLinkedin: true }),
      revealed: aRevealRecord({ channels: { linkedinUrl: 'https://www.linkedin.com/in/ada-lindqvist', email: 'javascript:alert(1)' } }),
    });
    const list = screen.getByRole('list', { name: 'Contact channels' });
    expect(within(list).getByRole('link', { name: 'https://www.linkedin.com/in/ada-lindqvist' })).toBeVisible();
    // An email that is not an address is shown, but never as a link.
    expect(within(list).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(list).getByText('javascript:alert(1)')).toBeVisible();
  });

  it('the reveal dialog belongs to the person it was opened for: if the card changes person it closes, and nobody is revealed', async () => {
    const user = userEvent.setup();
    const onReveal = vi.fn();
    const props: PersonCardProps = {
      person: aPerson(),
      canReveal: true,
      meter: aMeter(),
      prices: accountPrices(),
      companyName: 'QuantLayer',
      onReveal,
    };
    const { rerender } = render(<PersonCard {...props} />);
    await user.click(screen.getByRole('button', { name: 'Reveal contact…' }));
    expect(screen.getByRole('dialog', { name: 'Confirm reveal' }).textContent).toContain('Ada Lindqvist');
    // The page renamed itself and the tab now matches someone else, with no intermediate state.
    rerender(<PersonCard {...props} person={aPerson({ id: 'per_other', firstName: 'Mallory', lastName: 'Other' })} />);
    expect(screen.queryByRole('dialog', { name: 'Confirm reveal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reveal for/ })).toBeNull();
    expect(onReveal).not.toHaveBeenCalled();
  });

  it('confirming reveals exactly the person the dialog named', async () => {
    const user = userEvent.setup();
    const onReveal = vi.fn();
    renderCard({ onReveal });
    await user.click(screen.getByRole('button', { name: 'Reveal contact…' }));
    await user.click(screen.getByRole('button', { name: /Reveal for/ }));
    expect(onReveal).toHaveBeenCalledExactlyOnceWith(aPerson().id, 10);
  });

  it('after a confirmed reveal: focus is on the channels (not <body>), and a polite region says "Contact revealed" once they are in', async () => {
    const user = userEvent.setup();
    const props = {
      person: aPerson(),
      canReveal: true,
      meter: aMeter(),
      prices: accountPrices(),
      companyName: 'QuantLayer',
      onReveal: vi.fn(),
    };
    const { rerender } = render(<PersonCard {...props} />);
    await user.click(screen.getByRole('button', { name: 'Reveal contact…' }));
    await user.click(screen.getByRole('button', { name: /Reveal for/ }));
    const list = screen.getByRole('list', { name: 'Contact channels' });
    expect(document.activeElement).toBe(list);
    const live = document.querySelector('[aria-live="polite"]:not(button ~ *)')!;
    expect(live.textContent).toBe('');
    rerender(<PersonCard {...props} revealing />);
    expect(live.textContent).toBe('');
    rerender(<PersonCard {...props} revealed={aRevealRecord()} />);
    expect(live.textContent).toBe('Contact revealed');
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Contact channels' }));
  });

  it('Copy on a revealed value says "Copied" in a live region; its name stays "Copy …"', async () => {
    const user = userEvent.setup();
    renderCard({ revealed: aRevealRecord() });
    const copy = within(screen.getByRole('list', { name: 'Contact channels' })).getByRole('button', { name: 'Copy Email' });
    await user.click(copy);
    expect(copy.textContent).toBe('Copied');
    expect(copy.nextElementSibling?.getAttribute('aria-live')).toBe('polite');
    expect(copy.nextElementSibling?.textContent).toBe('Copied');
  });

  const LUMEN = { name: 'Lumen Drift', handleHistory: ['LumenDriftGame'] };
  it.each<[string, Record<string, unknown> | null, string[]]>([
    [
      'defunct, its X account high risk',
      { ...LUMEN, lifecycle: 'defunct', twitterRisk: 'high' },
      [
        'Defunct: Lumen Drift is recorded as no longer operating. Check before reaching out.',
        'X account warning: Lumen Drift’s X account (the company’s, not this person’s): high risk (directory rating).',
      ],
    ],
    [
      'deceased, low risk',
      { ...LUMEN, lifecycle: 'deceased', twitterRisk: 'low' },
      ['Deceased: Lumen Drift is recorded as deceased. Check before reaching out.'],
    ],
    [
      'operating, medium risk',
      { ...LUMEN, lifecycle: null, twitterRisk: 'medium' },
      ['X account warning: Lumen Drift’s X account (the company’s, not this person’s): medium risk (directory rating).'],
    ],
    ['no signal at all', { ...LUMEN, lifecycle: null, twitterRisk: null }, []],
    ['no company record', null, []],
  ])('the company %s: warned of above Reveal', (_label, company, notes) => {
    renderCard({ person: aPerson({ company: company && projectJson(company) }) });
    const region = screen.getByRole('region', { name: 'Person' });
    const warnings = Array.from(region.querySelectorAll('.notice--warn'));
    expect(warnings.map((p) => p.textContent)).toEqual(notes);
    const reveal = within(region).getByRole('button', { name: 'Reveal contact…' });
    for (const w of warnings) expect(w.compareDocumentPosition(reveal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no reveal button when nothing is on file or the key cannot reveal', () => {
    renderCard({ person: aPerson({ hasEmail: false, hasPhone: false, hasTelegram: false, hasLinkedin: false }) });
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(channelItems().every((li) => li.textContent?.endsWith('not on file'))).toBe(true);
  });

  it('hides the reveal button without the read:contacts scope', () => {
    renderCard({ canReveal: false });
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
  });

  it('disables the button while revealing and shows a reveal error inline', () => {
    renderCard({ revealing: true, revealError: 'Reveal cap reached' });
    const button = screen.getByRole('button', { name: /^Reveal/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(fullText(/Reveal failed: Reveal cap reached/))).toBeVisible();
  });

  it('loads coworkers on demand for 5 credits, shows a skeleton, then the list', async () => {
    const props = renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load coworkers · 5 credits' }));
    expect(props.onLoadCoworkers).toHaveBeenCalledOnce();
  });

  it('renders the coworker slot states', () => {
    const { rerender } = render(
      <PersonCard
        prices={accountPrices()}
        person={aPerson()}
        canReveal
        meter={null}
        coworkers={{ status: 'loading' }}
        onLoadCoworkers={() => {}}
      />,
    );
    expect(screen.getByText('Loading coworkers…')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Load coworkers/ })).toBeNull();

    const retry = vi.fn();
    rerender(
      <PersonCard
        prices={accountPrices()}
        person={aPerson()}
        canReveal
        meter={null}
        coworkers={{ status: 'error', message: 'Server error' }}
        onLoadCoworkers={retry}
      />,
    );
    expect(screen.getByText(fullText(/Could not load coworkers: Server error/))).toBeVisible();
    // Inside act: the click's state update is done before the test ends (not after its DOM is gone).
    act(() => screen.getByRole('button', { name: 'Retry coworkers · 5 credits' }).click());
    expect(retry).toHaveBeenCalledOnce();

    rerender(
      <PersonCard
        prices={accountPrices()}
        person={aPerson()}
        canReveal
        meter={null}
        coworkers={{ status: 'loaded', value: aPersonDetail() }}
        onLoadCoworkers={retry}
      />,
    );
    const list = screen.getByRole('list', { name: 'Coworkers' });
    expect(within(list).getByText('Tomas Reyes')).toBeVisible();
    expect(within(list).getByText('CTO')).toBeVisible();
  });
});

describe('PersonCard: Copy all and Download vCard', () => {
  const ADA_TEXT =
    'Ada Lindqvist\nFounder & CEO at QuantLayer\nEmail: ada@quantlayer.xyz\nPhone: +1 415 555 0100\nTelegram: @adaquant\nX: @AdaQuant';

  it('are not offered before anything is revealed (and cost nothing: no reveal, no load)', () => {
    const props = renderCard();
    expect(screen.queryByRole('button', { name: /Copy all/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download vCard' })).toBeNull();
    expect(props.onReveal).not.toHaveBeenCalled();
  });

  it('"Copy all" puts name, title at company and one line per revealed channel on the clipboard', async () => {
    const user = userEvent.setup();
    const props = renderCard({ revealed: aRevealRecord() });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy all contact details' }));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(ADA_TEXT);
    expect(await navigator.clipboard.readText()).toBe(ADA_TEXT);
    expect(screen.getByRole('button', { name: 'Copy all contact details' }).textContent).toBe('Copied');
    expect(props.onReveal).not.toHaveBeenCalled();
    expect(props.onLoadCoworkers).not.toHaveBeenCalled();
  });

  it('"Download vCard" saves a .vcf of the same contact', async () => {
    const user = userEvent.setup();
    renderCard({ revealed: aRevealRecord() });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:vcard';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    await user.click(screen.getByRole('button', { name: 'Download vCard' }));
    expect(clicked).toEqual([{ download: 'Ada-Lindqvist.vcf', href: 'blob:vcard' }]);
    expect(blobs[0]!.type).toBe('text/vcard;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text).toContain('\r\nEMAIL;TYPE=INTERNET:ada@quantlayer.xyz\r\n');
    expect(text).toContain('\r\nORG:QuantLayer\r\n');
  });

  it('also for channels already unlocked on the record (no reveal record)', () => {
    renderCard({ person: aPerson({ email: 'ada@quantlayer.xyz', isLocked: false }) });
    expect(screen.getByRole('button', { name: 'Copy all contact details' })).toBeTruthy();
  });

  it('a reveal that found nothing on file offers nothing to copy', () => {
    renderCard({ revealed: aRevealRecord({ channels: { email: null, phone: null, telegram: null, linkedinUrl: null } }) });
    expect(screen.queryByRole('button', { name: /Copy all/ })).toBeNull();
  });
});

describe('PersonCard: an angel', () => {
  const sofia = () =>
    aPerson({ id: 'per_sofia', firstName: 'Sofia', lastName: 'Marchetti', jobTitle: 'Angel Investor', twitterHandle: 'SofiaAngel' });

  it('her own investor profile is not shown as a company repeating her name', () => {
    const onCompanyClick = vi.fn();
    renderCard({ person: sofia(), companyName: 'Sofia Marchetti', onCompanyClick });
    const region = screen.getByRole('region', { name: 'Person' });
    expect(within(region).getAllByText('Sofia Marchetti')).toHaveLength(1); // the heading only
    // Inside act: the click's state update is done before the test ends (not after its DOM is gone).
    act(() => within(region).getByRole('button', { name: 'Investor profile' }).click());
    expect(onCompanyClick).toHaveBeenCalledOnce();
  });

  it('without a card to move to, the subtitle is her title alone', () => {
    renderCard({ person: sofia(), companyName: 'Sofia Marchetti' });
    expect(document.querySelector('.card__subtitle')?.textContent).toBe('Angel Investor');
  });
});

describe('PersonCard: "Save lead"', () => {
  it('sends one save for the card (0 credits: no price on the button), and "Saved · {status}" once a lead', async () => {
    const onSave = vi.fn();
    renderCard({ leads: { saved: new Map(), onSave } });
    const region = screen.getByRole('region', { name: 'Person' });
    const button = within(region).getByRole('button', { name: 'Save lead' });
    expect(button.textContent).toBe('Save lead');
    await userEvent.setup().click(button);
    expect(onSave).toHaveBeenCalledExactlyOnceWith('per_ada');
  });

  it.each([
    ['new', 'Saved · New'],
    ['contacted', 'Saved · Contacted'],
    ['do-not-contact', 'Saved · Do not contact'],
  ] as const)('saved as %s: "%s" replaces the button', (saved, text) => {
    renderCard({ leads: { saved: new Map([['per_ada', saved]]), onSave: vi.fn() } });
    const region = screen.getByRole('region', { name: 'Person' });
    expect(within(region).getByText(text)).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Save lead' })).toBeNull();
  });

  it('a failed save says why, politely, next to the button', () => {
    renderCard({ leads: { saved: new Map(), onSave: vi.fn(), errors: new Map([['per_ada', 'No API key yet.']]) } });
    const region = screen.getByRole('region', { name: 'Person' });
    expect(
      within(region)
        .getAllByRole('status')
        .some((s) => s.textContent === 'Not saved: No API key yet.'),
    ).toBe(true);
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('no save action: no button', () => {
    renderCard();
    expect(screen.queryByRole('button', { name: 'Save lead' })).toBeNull();
  });

  it('coworkers get "Save {name} as lead" and their own marks', async () => {
    const onSave = vi.fn();
    const tomas = aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes' });
    const mei = aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' });
    renderCard({
      coworkers: { status: 'loaded', value: aPersonDetail({ coworkers: [tomas, mei] }) },
      leads: {
        saved: new Map([
          ['per_ada', 'new'],
          ['per_mei', 'meeting'],
        ]),
        onSave,
      },
    });
    const coworkers = screen.getByRole('list', { name: 'Coworkers' });
    await userEvent.setup().click(within(coworkers).getByRole('button', { name: 'Save Tomas Reyes as lead' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith('per_tomas');
    expect(within(coworkers).getByText('Saved · Meeting')).toBeVisible();
  });
});

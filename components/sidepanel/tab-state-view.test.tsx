import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreditMeter, TabState } from '@/lib/tab-state/tab-state';
import { TabStateView, type ViewActions } from './tab-state-view';
import {
  accountPrices,
  aFundProject,
  aMeter,
  anInvestorDetail,
  aPerson,
  aPersonDetail,
  aProject,
  aSample,
  states,
} from '@/tests/support/records';
import { fullText } from '@/tests/support/full-text';

function actions(): Required<ViewActions> {
  return {
    openSettings: vi.fn(),
    lookUp: vi.fn(),
    refresh: vi.fn(),
    searchAs: vi.fn(),
    pickCandidate: vi.fn(),
    loadDetails: vi.fn(),
    reveal: vi.fn(),
    showPerson: vi.fn(),
    raiseBudgetToday: vi.fn(),
  };
}

function renderState(state: TabState | null, a: ViewActions = actions(), meter: Partial<CreditMeter> = {}) {
  render(<TabStateView state={state} meter={aMeter(meter)} prices={accountPrices()} actions={a} />);
  return a as Required<ViewActions>;
}

describe('TabStateView', () => {
  it('null (nothing recorded yet) reads as idle', () => {
    renderState(null);
    expect(screen.getByRole('heading', { name: 'Open an X or LinkedIn profile' })).toBeVisible();
  });

  it('no-key: says so and opens the settings', async () => {
    const a = renderState(states.noKey());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open settings' }));
    expect(a.openSettings).toHaveBeenCalledOnce();
  });

  it('idle / no-profile: "Open an X or LinkedIn profile", no spend button', () => {
    renderState(states.idle('no-profile'));
    expect(screen.getByText('Open an X or LinkedIn profile')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('idle / manual: the detected profile and "Look up · 5 credits"', async () => {
    const a = renderState(states.idle('manual'));
    expect(screen.getByText(fullText('Ada Lindqvist (@AdaQuant on X)'))).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Look up · 5 credits' }));
    expect(a.lookUp).toHaveBeenCalledExactlyOnceWith();
  });

  it('idle / not-shown: LinkedIn did not show this profile, no spend button', () => {
    renderState(states.idle('not-shown'));
    expect(screen.getByText('LinkedIn did not show this profile')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('idle / not-shown at a profile address: says so, and offers a search by the address’s words at its price (never on its own)', async () => {
    const profile = { site: 'linkedin', kind: 'person', slug: 'jurgen-muller-1a2b3c', key: 'li:in:jurgen-muller-1a2b3c', url: '' } as const;
    const a = renderState(states.idle('not-shown', { profile }));
    expect(screen.getByRole('heading', { name: 'LinkedIn did not show this profile' })).toBeVisible();
    const form = screen.getByRole('form', { name: 'Search the directory' });
    expect(within(form).getByRole('searchbox', { name: 'Search the directory for' })).toHaveValue('jurgen muller');
    expect(a.searchAs).not.toHaveBeenCalled();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Search · 5 credits' }));
    expect(a.searchAs).toHaveBeenCalledExactlyOnceWith('jurgen muller');
    expect(a.lookUp).not.toHaveBeenCalled();
  });

  it('idle / unsupported: LinkedIn Recruiter is not supported', () => {
    renderState(states.idle('unsupported'));
    expect(screen.getByText('LinkedIn Recruiter is not supported')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('looking-up: a busy skeleton shaped like the cards', () => {
    const { container } = render(<TabStateView state={states.lookingUp()} meter={null} prices={accountPrices()} actions={actions()} />);
    expect(screen.getByText(fullText('Looking up Ada Lindqvist (@AdaQuant on X)…'))).toBeVisible();
    expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(container.querySelectorAll('.card--skeleton')).toHaveLength(2);
  });

  it('looking-up waiting for the name: "Reading the page…"', () => {
    renderState(states.lookingUp({ waitingFor: 'name' }));
    expect(screen.getByText('Reading the page…')).toBeVisible();
  });

  it('matched: Person and Company regions', () => {
    renderState(states.matched());
    expect(screen.getByRole('region', { name: 'Person' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Company' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Reveal/ })).toBeVisible();
  });

  it('matched: the company name moves focus to the company card', async () => {
    renderState(states.matched());
    await userEvent.setup().click(within(screen.getByRole('region', { name: 'Person' })).getByRole('button', { name: 'QuantLayer' }));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Company' }));
  });

  it('matched: a person at a fund gets a Fund card; a service gets a Service card', () => {
    const { unmount } = render(
      <TabStateView state={states.matched({ organization: aFundProject() })} meter={null} prices={accountPrices()} actions={actions()} />,
    );
    expect(screen.getByRole('region', { name: 'Fund' })).toBeVisible();
    unmount();
    render(
      <TabStateView
        state={states.matched({ organization: aProject({ companyType: 'platform', name: 'Nimbus Exchange' }) })}
        meter={null}
        prices={accountPrices()}
        actions={actions()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Service' })).toBeVisible();
  });

  it('matched: an organisation profile without a person shows only its card', () => {
    renderState(states.matched({ person: undefined, organization: aProject() }));
    expect(screen.queryByRole('region', { name: 'Person' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Company' })).toBeVisible();
  });

  it('matched: falls back to person.company when the organisation is absent', () => {
    renderState(states.matched({ organization: undefined }));
    expect(within(screen.getByRole('region', { name: 'Company' })).getByRole('heading', { name: 'QuantLayer' })).toBeVisible();
  });

  it('matched: the reveal flow sends the person id only after confirming', async () => {
    const a = renderState(states.matched());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Reveal/ }));
    expect(a.reveal).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reveal for 10 credits' }));
    expect(a.reveal).toHaveBeenCalledExactlyOnceWith('per_ada', 10);
  });

  it('matched: shows the state’s revealError and revealing flag, and loads details by target', async () => {
    const a = renderState(states.matched({ revealing: 'per_ada', revealError: { personId: 'per_ada', message: 'Reveal cap reached' } }));
    expect((screen.getByRole('button', { name: /^Reveal/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Reveal cap reached/)).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load coworkers · 5 credits' }));
    await user.click(screen.getByRole('button', { name: 'Load team · 5 credits' }));
    expect(a.loadDetails).toHaveBeenNthCalledWith(1, 'person');
    expect(a.loadDetails).toHaveBeenNthCalledWith(2, 'organization');
  });

  it('matched: a failed reveal outcome is shown next to the person', () => {
    render(
      <TabStateView
        state={states.matched()}
        meter={null}
        prices={accountPrices()}
        actions={actions()}
        revealFailure={{ personId: 'per_ada', message: 'Outcome unknown: check the ledger' }}
      />,
    );
    expect(screen.getByText(/Outcome unknown: check the ledger/)).toBeVisible();
  });

  it('candidates: a row per match with name, X handle, title and company, and channels on file; picking is free', async () => {
    const a = renderState(states.candidates());
    expect(screen.getByRole('heading', { name: 'Several matches: pick one' })).toBeVisible();
    expect(screen.getByText(/remembered/)).toBeVisible();
    const list = screen.getByRole('list', { name: 'Matching people' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(rows).toHaveLength(2);
    expect(within(list).getByText('Head of Growth · Harborline')).toBeVisible();
    // Two people of the same name told apart by handle and channels on file.
    expect(within(rows[0]!).getByText('@DanielOkafor')).toBeVisible();
    expect(within(rows[1]!).getByText('@dokafor_sec')).toBeVisible();
    const flags = within(rows[1]!).getByRole('list', { name: 'Channels on file for Daniel Okafor' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^[^A-Za-z]+/, '')),
    ).toEqual(['Email on file', 'Phone on file', 'Telegram not on file', 'LinkedIn not on file']);
    // Initials, never a remote image.
    expect(list.querySelector('img')).toBeNull();
    expect(within(rows[0]!).getByText('DO')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pick Daniel Okafor @dokafor_sec, Lead Auditor · Sentinel Audits' }));
    expect(a.pickCandidate).toHaveBeenCalledExactlyOnceWith({ personId: 'per_okafor_2' });
  });

  it('candidates: one row (a LinkedIn name no company on the page confirms) is offered, not taken', async () => {
    const a = renderState(states.candidates({ people: [aPerson({ id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist' })] }));
    expect(screen.getByRole('heading', { name: 'One match: pick it if it is them' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'How this was matched' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Pick Ada Lindqvist/ }));
    expect(a.pickCandidate).toHaveBeenCalledExactlyOnceWith({ personId: 'per_ada' });
  });

  it('candidates: organisations are pickable too', async () => {
    const a = renderState(states.candidates({ people: [], organizations: [aProject({ id: 'cmp_1', name: 'Harborline' })] }));
    await userEvent.setup().click(screen.getByRole('button', { name: /^Pick Harborline/ }));
    expect(a.pickCandidate).toHaveBeenCalledExactlyOnceWith({ organizationId: 'cmp_1' });
  });

  it('matched on X under a new handle: "formerly @old (seen …)" in how it was matched, with a priced Refresh', () => {
    const at = new Date(2026, 10, 12).getTime();
    renderState(
      states.matched({
        matchedOn: 'x-id',
        known: { how: 'looked-up', site: 'x', at },
        x: { confirmed: true, formerly: { handle: 'AdaQuant', at } },
      }),
    );
    const how = screen.getByRole('group', { name: 'How this was matched' });
    expect(how).toHaveTextContent('Matched on X account · formerly @AdaQuant (seen Nov 12) · 0 credits · looked up on X, Nov 12');
    expect(within(how).getByRole('button', { name: 'Refresh · 5 credits' })).toBeVisible();
  });

  it('matched on X without the account confirmed: said up front, no Reveal and no revealed channel', () => {
    render(
      <TabStateView
        state={states.matched({ x: { confirmed: false } })}
        meter={aMeter()}
        prices={accountPrices()}
        actions={actions()}
        revealed={{
          personId: 'per_ada',
          accountId: 'acct_1',
          name: 'Ada Lindqvist',
          at: 1,
          creditsCharged: 10,
          channels: { email: 'ada@example.com', phone: null, telegram: null, linkedinUrl: null },
        }}
      />,
    );
    expect(screen.getByRole('note', { name: 'X account not confirmed' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Person' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(screen.queryByText('ada@example.com')).toBeNull();
  });

  it('handle-reused: the warning in words, no card of that person, and "Look up anyway" at its price', async () => {
    const seenAt = new Date(2026, 10, 12).getTime();
    const a = renderState({
      ...states.notFound(),
      status: 'handle-reused',
      handle: 'AdaQuant',
      seenAs: { handle: 'AdaQuant', at: seenAt },
      listedAs: 'Ada Lindqvist',
    } as TabState);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '@AdaQuant now belongs to a different X account than the one seen as @AdaQuant on Nov 12; the directory still lists @AdaQuant as Ada Lindqvist.',
    );
    expect(screen.queryByRole('region', { name: 'Person' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reveal|Save/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Look up anyway · 5 credits' }));
    expect(a.refresh).toHaveBeenCalledOnce();
  });

  it('not-found: "Not in the directory" and the query searched', () => {
    renderState(states.notFound());
    expect(screen.getByRole('heading', { name: 'Not in the directory' })).toBeVisible();
    expect(screen.getByText('Zebulon Quistwhistle')).toBeVisible();
  });

  it('sample: an alert quoting NOT REAL DATA, the top-up and the https upgrade link; rows marked, nothing live', () => {
    renderState(states.sample({ sample: aSample({ creditsRequired: 5, creditsBalance: 2, topUpNeeded: 3 }) }));
    // One alert, and it names the profile on screen.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^No real answer for Ada Lindqvist \(@AdaQuant on X\): this account is in sample mode/);
    expect(alert.textContent).toContain('NOT REAL DATA');
    expect(alert.textContent).toContain('Add at least 3 credits to see live data');
    expect(within(alert).getByRole('link', { name: 'Upgrade or add credits' }).getAttribute('href')).toBe(
      'https://app.directory.example/pricing',
    );
    expect(screen.getAllByText('SAMPLE')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Person' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Contact channels' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(screen.queryByText(/on file/)).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    // The only link is the upgrade link: sample handles and sites are not clickable.
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it.each(['javascript:alert(1)', 'http://127.0.0.1:8788/pricing'])(
    'sample: the upgrade URL %s is shown as text, not a link',
    (upgradeUrl) => {
      renderState(states.sample({ sample: aSample({ upgradeUrl }) }));
      expect(screen.queryByRole('link')).toBeNull();
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Add at least 5 credits');
      expect(alert.textContent).toContain(upgradeUrl);
    },
  );

  it('paused-budget: names the profile; "Look up anyway" sends one override lookup at one click, "+50 today" the raise', async () => {
    const a = renderState(states.pausedBudget({ remainingToday: 3, dailyBudget: 200 }));
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Paused: over today’s budget' })).toBeVisible();
    expect(
      screen.getByText(
        fullText(
          'Paused before looking up Ada Lindqvist (@AdaQuant on X). Today’s credit budget has 3 credits left; this call costs 5 credits. Nothing was sent, nothing charged.',
        ),
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Look up anyway · 5 credits' }));
    // One click is the intent: no confirmation dialog in between.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(a.lookUp).toHaveBeenCalledExactlyOnceWith({ override: true });
    await user.click(screen.getByRole('button', { name: '+50 today and look up · 5 credits' }));
    expect(a.raiseBudgetToday).toHaveBeenCalledOnce();
    expect(a.lookUp).toHaveBeenCalledOnce();
    // The budget setting stays one small link away.
    await user.click(screen.getByRole('button', { name: 'Change the daily budget' }));
    expect(a.openSettings).toHaveBeenCalledOnce();
  });

  it('paused-budget with nothing left says the budget is used, and the price', () => {
    renderState(states.pausedBudget({ remainingToday: 0, dailyBudget: 200 }));
    expect(
      screen.getByText(
        fullText(
          'Paused before looking up Ada Lindqvist (@AdaQuant on X). Today’s credit budget is used up; this call costs 5 credits. Nothing was sent, nothing charged.',
        ),
      ),
    ).toBeVisible();
  });

  it.each([
    [
      'a hold above the price: a lost answer can be charged twice, so the hold is set aside',
      { estimate: 7, hold: 14, remainingToday: 10 },
      'Today’s credit budget has 10 credits left; this call needs 14 credits set aside: it costs 7 credits, and an answer lost on the way can be charged twice. Nothing was sent, nothing charged.',
    ],
    [
      'a hold equal to the price: nothing more to say',
      { estimate: 7, hold: 7, remainingToday: 3 },
      'Today’s credit budget has 3 credits left; this call costs 7 credits. Nothing was sent, nothing charged.',
    ],
    [
      'no hold (a state stored by an older version): read as the price',
      { estimate: 5, remainingToday: 3 },
      'Today’s credit budget has 3 credits left; this call costs 5 credits. Nothing was sent, nothing charged.',
    ],
  ])('paused-budget, %s', (_label, pause, text) => {
    renderState(states.pausedBudget(pause));
    const said = screen.getByText(/^Paused before looking up/).textContent ?? '';
    expect(said.endsWith(text)).toBe(true);
    expect(screen.getByRole('button', { name: `Look up anyway · ${pause.estimate} credits` })).toBeVisible();
  });

  it('paused-budget without a tab to act on (no lookUp, no raise) offers neither button', () => {
    renderState(states.pausedBudget(), { openSettings: vi.fn() });
    expect(screen.queryByRole('button', { name: /^Look up anyway/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^\+50 today/ })).toBeNull();
  });

  it('out-of-credits: a top-up message and no retry', () => {
    renderState(states.outOfCredits());
    expect(screen.getByRole('heading', { name: 'Out of credits' })).toBeVisible();
    expect(screen.getByText(/Top up in the Directory web app: sign in, then add credits/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry|Look up/ })).toBeNull();
  });

  it.each([
    ['https://docs.directory.example/', 'https://docs.directory.example/'],
    ['http://docs.directory.example/', null],
    [null, null],
  ])('out-of-credits: the account’s docs address %j is a top-up link only over https', (docsUrl, href) => {
    renderState(states.outOfCredits(), actions(), { docsUrl });
    const link = screen.queryByRole('link', { name: 'How to top up' });
    expect(link?.getAttribute('href') ?? null).toBe(href);
  });

  it('rate-limited (automatic): "API rate limit — resumes in …" counting down, the account-wide limit, and never a paid retry', () => {
    vi.useFakeTimers();
    try {
      const start = Date.UTC(2025, 0, 2, 12, 0, 0);
      vi.setSystemTime(start);
      renderState(states.rateLimited({ resumeAt: start + 42_000, message: 'Too many requests', automatic: true }));
      expect(screen.getByRole('heading').textContent).toMatch(/^API rate limit — resumes in 42 s \(at /);
      expect(screen.getByText(/shared by the whole account/)).toBeVisible();
      expect(screen.getByText(/resumes by itself/)).toBeVisible();
      act(() => vi.advanceTimersByTime(3_000));
      expect(screen.getByText('39 s')).toBeVisible();
      act(() => vi.advanceTimersByTime(40_000));
      expect(screen.getByRole('heading', { name: 'API rate limit — resuming now…' })).toBeVisible();
      expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rate-limited (nothing queued): a paid retry only once the wait is over', () => {
    vi.useFakeTimers();
    try {
      const start = Date.UTC(2025, 0, 2, 12, 0, 0);
      vi.setSystemTime(start);
      const a = renderState(states.rateLimited({ resumeAt: start + 65_000, message: 'Too many requests', automatic: false }));
      expect(screen.getByText('1:05')).toBeVisible();
      expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
      act(() => vi.advanceTimersByTime(66_000));
      // Inside act: the click's state update is done before the test ends (not after its DOM is gone).
      act(() => screen.getByRole('button', { name: 'Retry · 5 credits' }).click());
      expect(a.lookUp).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('rate-limited through the state view', () => {
    renderState(states.rateLimited());
    expect(screen.getByRole('heading', { name: /^API rate limit — resumes in \d+ s \(at / })).toBeVisible();
  });

  it('error (retryable): what to do, Open settings and Retry', async () => {
    const a = renderState(states.error());
    expect(screen.getByRole('heading', { name: /lookup failed/ })).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.click(screen.getByRole('button', { name: 'Retry · 5 credits' }));
    expect(a.openSettings).toHaveBeenCalledOnce();
    expect(a.lookUp).toHaveBeenCalledExactlyOnceWith();
  });

  it.each([
    ['bad-key', states.badKey(), /refused/, /wrong or revoked/],
    ['missing-scope', states.missingScope(), /cannot reveal/, /read:contacts/],
    ['wrong-host', states.wrongHost(), /Wrong API host/, /\/v1\/me/],
    ['error (not retryable)', states.error({ retryable: false }), /lookup failed/, /likely fail the same way/],
  ] as const)('%s: what to do and Open settings, no paid Retry (it cannot help)', async (_status, state, title, advice) => {
    const a = renderState(state);
    expect(screen.getByRole('heading', { name: title })).toBeVisible();
    expect(screen.getAllByText(advice).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open settings' }));
    expect(a.openSettings).toHaveBeenCalledOnce();
  });

  it('error (not retryable) says a retry will likely fail', () => {
    renderState(states.error({ retryable: false }));
    expect(screen.getByText(/likely fail the same way/)).toBeVisible();
  });

  it('matched with a key that lacks read:contacts: no Reveal button, and the reason up front', () => {
    renderState(states.matched({ person: aPerson() }), undefined, { scopes: ['read:metadata'] });
    expect(screen.getByRole('region', { name: 'Person' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
    expect(screen.getByRole('note', { name: 'Reveal unavailable' }).textContent).toMatch(/lacks the read:contacts scope/);
  });

  it.each([
    ['both scopes', ['read:metadata', 'read:contacts']],
    ['scopes not known yet', null],
  ])('matched with %s: Reveal is offered', (_label, scopes) => {
    renderState(states.matched({ person: aPerson() }), undefined, { scopes });
    expect(screen.getByRole('button', { name: /^Reveal/ })).toBeVisible();
    expect(screen.queryByRole('note', { name: 'Reveal unavailable' })).toBeNull();
  });

  it('missing-scope with a previous match still shows the cards, without the reveal button', () => {
    renderState(states.missingScope({ person: aPerson(), organization: aProject() }));
    expect(screen.getByRole('region', { name: 'Person' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Company' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'Contact channels' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
  });

  it('a view without lookUp (the selection) shows no lookup buttons', () => {
    renderState(states.idle('manual'), { openSettings: vi.fn() });
    expect(screen.queryByRole('button', { name: /Look up/ })).toBeNull();
  });
});

describe('TabStateView: saving leads', () => {
  it('candidates: "Save {name} as lead" on each person (saving is not picking); a lead shows its mark', async () => {
    const onSave = vi.fn();
    const a = actions();
    render(
      <TabStateView
        state={states.candidates()}
        meter={aMeter()}
        prices={accountPrices()}
        actions={a}
        leads={{ saved: new Map([['per_okafor_1', 'not-now']]), onSave }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Matching people' });
    const rows = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(within(rows[0]!).getByText('Saved · Not now')).toBeVisible();
    expect(within(rows[0]!).queryByRole('button', { name: /as lead$/ })).toBeNull();
    await userEvent.setup().click(within(rows[1]!).getByRole('button', { name: 'Save Daniel Okafor as lead' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith('per_okafor_2');
    expect(a.pickCandidate).not.toHaveBeenCalled();
  });

  it('a match: the card, its coworkers and the company team each save the person on them', async () => {
    const onSave = vi.fn();
    render(
      <TabStateView
        state={states.matched({
          personDetail: { status: 'loaded', value: aPersonDetail() },
          organizationDetail: {
            status: 'loaded',
            value: { kind: 'project', project: aProject(), team: [aPerson({ id: 'per_lena', firstName: 'Lena', lastName: 'Berg' })] },
          },
        })}
        meter={aMeter()}
        prices={accountPrices()}
        actions={actions()}
        leads={{ saved: new Map(), onSave }}
      />,
    );
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('region', { name: 'Person' })).getByRole('button', { name: 'Save lead' }));
    await user.click(within(screen.getByRole('list', { name: 'Coworkers' })).getByRole('button', { name: 'Save Tomas Reyes as lead' }));
    await user.click(within(screen.getByRole('list', { name: 'Team' })).getByRole('button', { name: 'Save Lena Berg as lead' }));
    expect(onSave.mock.calls).toEqual([['per_ada'], ['per_tomas'], ['per_lena']]);
  });

  it('a fund team saves its members too', async () => {
    const onSave = vi.fn();
    render(
      <TabStateView
        state={states.matched({
          organization: aFundProject(),
          organizationDetail: { status: 'loaded', value: { kind: 'investor', ...anInvestorDetail() } },
        })}
        meter={aMeter()}
        prices={accountPrices()}
        actions={actions()}
        leads={{ saved: new Map([['per_ada', 'won']]), onSave }}
      />,
    );
    expect(within(screen.getByRole('region', { name: 'Person' })).getByText('Saved · Won')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Marcus Hale as lead' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith('per_marcus');
  });

  it('a sample offers no save anywhere', () => {
    render(
      <TabStateView
        state={states.sample()}
        meter={aMeter()}
        prices={accountPrices()}
        actions={actions()}
        leads={{ saved: new Map(), onSave: vi.fn() }}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  });
});

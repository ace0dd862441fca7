import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SelectionEntry } from '@/lib/tab-state/tab-state';
import { backLabel, originLabel, SidePanel, viewName, type SidePanelProps } from './side-panel';
import { accountPrices, aMeter, aPerson, aProject, states, X_PROFILE } from '@/tests/support/records';

function panelProps(overrides: Partial<SidePanelProps> = {}): SidePanelProps {
  return {
    tabState: states.notFound(),
    stack: [],
    meter: aMeter(),
    prices: accountPrices(),
    tab: { actions: { openSettings: vi.fn(), lookUp: vi.fn(), loadDetails: vi.fn(), reveal: vi.fn() } },
    selection: { actions: { openSettings: vi.fn(), loadDetails: vi.fn(), reveal: vi.fn() } },
    onBack: vi.fn(),
    ...overrides,
  };
}

function renderPanel(overrides: Partial<SidePanelProps> = {}) {
  const props = panelProps(overrides);
  render(<SidePanel {...props} />);
  return props;
}

describe('SidePanel', () => {
  it('always shows the credit meter', () => {
    renderPanel({ tabState: states.noKey() });
    expect(screen.getByRole('status', { name: 'Balance 5,990 credits · spent today 10 of 150 · pro' })).toBeVisible();
  });

  it('shows a skeleton while the tab state is being read', () => {
    const { container } = render(
      <SidePanel
        tabState={undefined}
        stack={[]}
        meter={null}
        prices={accountPrices()}
        tab={{ actions: { openSettings: vi.fn() } }}
        selection={{ actions: { openSettings: vi.fn() } }}
        onBack={vi.fn()}
      />,
    );
    expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Balance loading…' })).toBeVisible();
  });

  it('a popup pick replaces the tab view, labelled "From your search", with "Back to <on screen>"', async () => {
    const person = aPerson({ id: 'per_sel', firstName: 'Mei', lastName: 'Tanaka' });
    const props = renderPanel({
      tabState: states.matched(),
      stack: [{ origin: { kind: 'search' }, state: states.matched({ person, organization: aProject() }) }],
    });
    const card = screen.getByRole('region', { name: 'From your search' });
    expect(within(card).getByRole('heading', { name: 'Mei Tanaka' })).toBeVisible();
    // One main view: the on-screen card is not shown under it.
    expect(screen.queryByRole('heading', { name: 'Ada Lindqvist' })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Back to Ada Lindqvist (on screen)' }));
    expect(props.onBack).toHaveBeenCalledOnce();
  });

  it.each([
    [{ kind: 'coworker', of: 'Ada Lindqvist' } as const, 'Coworker of Ada Lindqvist'],
    [{ kind: 'team', of: 'Aurora Labs' } as const, 'Team of Aurora Labs'],
  ])('a nested card is labelled by its origin (%o) and goes back one step, naming the card under it', (origin, label) => {
    const mei = aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' });
    const tomas = aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Berg' });
    renderPanel({
      tabState: states.notFound(),
      stack: [
        { origin: { kind: 'search' }, state: states.matched({ person: mei }) },
        { origin, state: states.matched({ person: tomas }) },
      ],
    });
    const card = screen.getByRole('region', { name: label });
    expect(within(card).getByRole('heading', { name: 'Tomas Berg' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Back to Mei Tanaka' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Not in the directory' })).toBeNull();
  });

  const people = {
    state: { tabId: 1, url: 'https://www.linkedin.com/search/results/people/?keywords=bd', site: 'linkedin', rows: [] },
    meter: null,
    saved: new Map(),
    onLookUp: vi.fn(),
    onSave: vi.fn(),
  } satisfies SidePanelProps['people'];
  it.each([
    // [tab state, people on this page, the idle card shows]
    ['a list page (no profile)', states.idle('no-profile'), people, false],
    ['a list page the worker has not written', null, people, false],
    ['a list page that is a profile’s (its followers: the card stays)', states.matched(), people, false],
    ['no list page', states.idle('no-profile'), null, true],
  ])('%s: "Open an X or LinkedIn profile" shows only when no list is there', (_, tabState, list, idle) => {
    renderPanel({ tabState, people: list });
    expect(screen.queryByRole('heading', { name: 'Open an X or LinkedIn profile' }) !== null).toBe(idle);
    expect(screen.queryByRole('region', { name: 'People on this page' }) !== null).toBe(list !== null);
    if (tabState?.status === 'matched') expect(screen.getByRole('heading', { name: 'Ada Lindqvist' })).toBeVisible();
  });

  it('with an empty stack the tab view shows, and "Back" names the page when it shows no one', () => {
    renderPanel({ tabState: states.notFound() });
    expect(screen.getByRole('heading', { name: 'Not in the directory' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Back to/ })).toBeNull();
  });

  it('routes the stacked card’s actions to the selection, not the tab', async () => {
    const props = renderPanel({ stack: [{ origin: { kind: 'search' }, state: states.matched() }] });
    const selection = screen.getByRole('region', { name: 'From your search' });
    const user = userEvent.setup();
    await user.click(within(selection).getByRole('button', { name: 'Load coworkers · 5 credits' }));
    await user.click(within(selection).getByRole('button', { name: /^Reveal/ }));
    await user.click(screen.getByRole('button', { name: 'Reveal for 10 credits' }));
    expect(props.selection.actions.loadDetails).toHaveBeenCalledWith('person');
    expect(props.selection.actions.reveal).toHaveBeenCalledExactlyOnceWith('per_ada', 10);
    expect(props.tab.actions.loadDetails).not.toHaveBeenCalled();
    expect(props.tab.actions.reveal).not.toHaveBeenCalled();
  });

  it('offers "Pop out" only when given, and names a pinned tab', async () => {
    const onPopOut = vi.fn();
    const { unmount } = render(
      <SidePanel
        tabState={null}
        stack={[]}
        meter={null}
        prices={accountPrices()}
        tab={{ actions: { openSettings: vi.fn() } }}
        selection={{ actions: { openSettings: vi.fn() } }}
        onBack={vi.fn()}
        onPopOut={onPopOut}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pop out' }));
    expect(onPopOut).toHaveBeenCalledOnce();
    unmount();
    renderPanel({ pinnedTabId: 42 });
    expect(screen.queryByRole('button', { name: 'Pop out' })).toBeNull();
    expect(screen.getByText('Pinned to one tab').getAttribute('title')).toContain('tab 42');
  });

  it('"Leads" in the header opens the Leads page (only when given)', async () => {
    const onOpenLeads = vi.fn();
    const { unmount } = render(<SidePanel {...panelProps({ onOpenLeads, onPopOut: vi.fn() })} />);
    const header = screen.getByRole('banner');
    await userEvent.setup().click(within(header).getByRole('button', { name: 'Leads' }));
    expect(onOpenLeads).toHaveBeenCalledOnce();
    // Next to the other header action.
    expect(
      within(header)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Leads', 'Pop out']);
    unmount();
    renderPanel();
    expect(screen.queryByRole('button', { name: 'Leads' })).toBeNull();
  });

  it('"Find prospects" in the header opens the prospect page, beside Leads (only when given)', async () => {
    const onOpenProspects = vi.fn();
    const { unmount } = render(<SidePanel {...panelProps({ onOpenLeads: vi.fn(), onOpenProspects, onPopOut: vi.fn() })} />);
    const header = screen.getByRole('banner');
    await userEvent.setup().click(within(header).getByRole('button', { name: 'Find prospects' }));
    expect(onOpenProspects).toHaveBeenCalledOnce();
    expect(
      within(header)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Leads', 'Find prospects', 'Pop out']);
    unmount();
    renderPanel({ onOpenLeads: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Find prospects' })).toBeNull();
  });

  it('saves from the stacked card go to the selection’s leads, from the tab view to the tab’s', async () => {
    const tabLeads = { saved: new Map(), onSave: vi.fn() };
    const selectionLeads = { saved: new Map(), onSave: vi.fn() };
    const bound = () => ({
      tab: { actions: { openSettings: vi.fn() }, leads: tabLeads },
      selection: { actions: { openSettings: vi.fn() }, leads: selectionLeads },
    });
    const { unmount } = render(
      <SidePanel {...panelProps({ stack: [{ origin: { kind: 'search' }, state: states.matched() }], ...bound() })} />,
    );
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('region', { name: 'From your search' })).getByRole('button', { name: 'Save lead' }));
    expect(selectionLeads.onSave).toHaveBeenCalledExactlyOnceWith('per_ada');
    expect(tabLeads.onSave).not.toHaveBeenCalled();
    unmount();
    render(<SidePanel {...panelProps({ tabState: states.matched(), ...bound() })} />);
    await user.click(screen.getByRole('button', { name: 'Save lead' }));
    expect(tabLeads.onSave).toHaveBeenCalledExactlyOnceWith('per_ada');
  });
});

describe('SidePanel: the first-use note', () => {
  it.each([
    ['panel-open', 5, 'While this panel is open, each new X or LinkedIn profile you visit is looked up by itself: 5 credits each'],
    ['always', 7, 'Every new X or LinkedIn profile you visit is looked up by itself: 7 credits each'],
    ['never', 5, 'Profiles are looked up only when you click Look up: 5 credits each'],
  ] as const)('%s: says what a lookup costs (%i) and where to change it', async (mode, price, text) => {
    const user = userEvent.setup();
    const firstUse = { mode, price, onOpenSettings: vi.fn(), onDismiss: vi.fn() };
    renderPanel({ firstUse });
    const note = screen.getByRole('complementary', { name: 'How lookups are paid' });
    expect(note.textContent).toContain(text);
    await user.click(within(note).getByRole('button', { name: 'Change in settings' }));
    await user.click(within(note).getByRole('button', { name: 'Got it' }));
    expect(firstUse.onOpenSettings).toHaveBeenCalledOnce();
    expect(firstUse.onDismiss).toHaveBeenCalledOnce();
  });

  it('absent once dismissed', () => {
    renderPanel({ firstUse: null });
    expect(screen.queryByRole('complementary', { name: 'How lookups are paid' })).toBeNull();
  });
});

const entry = (state: SelectionEntry['state']): SelectionEntry => ({ origin: { kind: 'search' }, state });

describe('back stack labels', () => {
  it.each([
    [{ kind: 'search' } as const, 'From your search'],
    [{ kind: 'coworker', of: 'Ada Quant' } as const, 'Coworker of Ada Quant'],
    [{ kind: 'team', of: 'Acme' } as const, 'Team of Acme'],
    // A name from a record cannot carry bidi controls into the label.
    [{ kind: 'team', of: 'Ac\u202Eme' } as const, 'Team of Acme'],
  ])('origin %o reads "%s"', (origin, label) => {
    expect(originLabel(origin)).toBe(label);
  });

  it.each([
    ['the matched person', states.matched(), 'Ada Lindqvist'],
    ['the organisation when no person', states.matched({ person: undefined, organization: aProject({ name: 'Acme' }) }), 'Acme'],
    ['the page name while looking up', states.lookingUp({ hints: { name: 'Mei Tanaka' } }), 'Mei Tanaka'],
    ['the X handle without a name', states.notFound({ hints: {} }), '@AdaQuant'],
    [
      'the LinkedIn slug without a name',
      states.notFound({
        hints: {},
        profile: { site: 'linkedin', kind: 'person', slug: 'mei-t', key: 'li:mei-t', url: 'https://www.linkedin.com/in/mei-t/' },
      }),
      'mei-t',
    ],
    ['nothing on a page with no profile', states.idle('no-profile'), null],
  ])('viewName: %s', (_, state, name) => {
    expect(viewName(state)).toBe(name);
  });

  it('Back names the tab "(on screen)" under the first card, the card under it when nested', () => {
    const tomas = entry(states.matched({ person: aPerson({ firstName: 'Tomas', lastName: 'Reyes' }) }));
    expect(backLabel([tomas], states.matched({ profile: X_PROFILE }))).toBe('Back to Ada Lindqvist (on screen)');
    expect(backLabel([tomas], states.idle('no-profile'))).toBe('Back to this page');
    expect(backLabel([tomas, entry(states.matched())], states.idle('no-profile'))).toBe('Back to Tomas Reyes');
  });
});

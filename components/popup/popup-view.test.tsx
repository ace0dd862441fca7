import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LeadRows } from '@/components/shared/save-lead';
import { PopupView, type PopupViewProps } from './popup-view';
import type { SearchState } from './search-state';
import { ada, meridian, meter, result, sample } from '@/tests/support/popup-fixtures';
import { states } from '@/tests/support/records';

function setup(over: Partial<PopupViewProps> = {}) {
  const props: PopupViewProps = {
    meter,
    searchPrice: 5,
    search: { status: 'idle' },
    onSearch: vi.fn(),
    onSearchAnyway: vi.fn(),
    onPick: vi.fn(),
    onOpenSidePanel: vi.fn(),
    onOpenSettings: vi.fn(),
    onOpenLeads: vi.fn(),
    ...over,
  };
  render(<PopupView {...props} />);
  return props;
}

const done = (over: Parameters<typeof result>[0] = {}): SearchState => ({ status: 'done', q: 'ada', result: result(over) });

describe('PopupView', () => {
  it('shows results in lists named People and Projects, with channel flags and never channel values', () => {
    setup({ search: done() });
    const people = screen.getByRole('list', { name: 'People' });
    const rows = within(people)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === people);
    expect(rows).toHaveLength(2);
    const adaRow = rows[0]!;
    expect(within(adaRow).getByRole('button', { name: /Ada Lindqvist/ }).textContent).toContain('Co-founder & CEO · QuantLayer');
    const flags = within(adaRow).getByRole('list', { name: 'Contact channels' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^[^A-Za-z]+/, '')),
    ).toEqual([
      // The spec's order, as in the side panel (lib/api/contact-channels.ts).
      'Email on file',
      'Phone not on file',
      'Telegram on file',
      'LinkedIn on file',
    ]);
    expect(document.body.textContent).not.toContain('ada@quantlayer.xyz');

    const projects = screen.getByRole('list', { name: 'Projects' });
    expect(within(projects).getByRole('button', { name: /QuantLayer/ }).textContent).toContain('Project · $QLR');
    expect(within(projects).getByRole('button', { name: /Meridian Ventures/ }).textContent).toContain('Fund · No ticker');
  });

  it('keeps both lists when one is empty, and says so', () => {
    setup({ search: done({ projects: [] }) });
    expect(within(screen.getByRole('list', { name: 'Projects' })).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('No projects match.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'People' })).toBeVisible();
  });

  it('says what the search cost: charged, or from cache for 0 credits', () => {
    const { unmount } = render(<PopupView {...setupProps()} search={done()} />);
    expect(screen.getAllByRole('status').some((s) => /5 credits charged/.test(s.textContent ?? ''))).toBe(true);
    unmount();
    render(<PopupView {...setupProps()} search={done({ fromCache: true, creditsCharged: 0 })} />);
    expect(screen.getAllByRole('status').some((s) => (s.textContent ?? '').includes('from cache · 0 credits'))).toBe(true);
  });

  it('raises the NOT REAL DATA alert on a sample answer', () => {
    setup({ search: done({ sample, creditsCharged: 0 }) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/^NOT REAL DATA/);
    expect(alert.textContent).toContain('Add at least 5 credits to get live data');
    expect(within(alert).getByRole('link', { name: 'plans and top-ups' }).getAttribute('href')).toBe(
      'https://app.directory.example/pricing',
    );
  });

  it('sample rows are marked and cannot be opened as if they were real', () => {
    const props = setupProps();
    render(<PopupView {...props} search={done({ sample, creditsCharged: 0 })} />);
    const people = screen.getByRole('list', { name: 'People' });
    expect(within(people).queryAllByRole('button')).toHaveLength(0);
    expect(within(people).getAllByText('SAMPLE').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'Projects' })).queryAllByRole('button')).toHaveLength(0);
    // No channel flags (a synthetic "✓ Email" promises nothing real) and no "choose a row" hint.
    expect(within(people).queryAllByRole('list', { name: 'Contact channels' })).toHaveLength(0);
    expect(screen.queryByText(/Choose a row/)).toBeNull();
  });

  it('live rows show the channels on file and the "choose a row" hint', () => {
    render(<PopupView {...setupProps()} search={done()} />);
    expect(within(screen.getByRole('list', { name: 'People' })).getAllByRole('list', { name: 'Contact channels' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByText(/Choose a row/)).toBeVisible();
  });

  it('a refused key (401): the meter says refused and no search is offered', () => {
    render(<PopupView {...setupProps()} meter={{ ...meter, keyRejected: true }} />);
    expect(screen.getByRole('status', { name: /^API key refused/ })).toBeVisible();
    expect(screen.getByRole('alert').textContent).toMatch(/wrong or revoked.*stopped/);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('has no sample alert on live data', () => {
    setup({ search: done() });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers "Search anyway · 5 credits" after a budget refusal', async () => {
    const user = userEvent.setup();
    const props = setup({
      search: {
        status: 'failed',
        q: 'ada',
        failure: { ok: false, reason: 'budget', message: "Today's budget is used up.", remainingToday: 0 },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Search anyway · 5 credits' }));
    expect(props.onSearchAnyway).toHaveBeenCalledTimes(1);
  });

  it('shows other failures as an alert', () => {
    setup({ search: { status: 'failed', q: 'ada', failure: { ok: false, reason: 'payment-required', message: 'Out of credits.' } } });
    expect(screen.getByRole('alert').textContent).toBe('Out of credits.');
  });

  it('opens a chosen row in the side panel', async () => {
    const user = userEvent.setup();
    const props = setup({ search: done() });
    await user.click(screen.getByRole('button', { name: /Ada Lindqvist/ }));
    expect(props.onPick).toHaveBeenCalledWith({ person: ada });
    await user.click(screen.getByRole('button', { name: /Meridian Ventures/ }));
    expect(props.onPick).toHaveBeenCalledWith({ organization: meridian });
  });

  it('is keyboard-operable: Tab reaches the search, the rows and the actions; Enter picks', async () => {
    const user = userEvent.setup();
    const props = setup({ search: done() });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search the directory' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search · 5 credits' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Ada Lindqvist/ }));
    await user.keyboard('{Enter}');
    expect(props.onPick).toHaveBeenCalledWith({ person: ada });
    for (let i = 0; i < 3; i++) await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open side panel' }));
    await user.keyboard('{Enter}');
    expect(props.onOpenSidePanel).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leads' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }));
  });

  it('shows the balance and today’s spend from the meter', () => {
    setup();
    const status = screen.getAllByRole('status').find((s) => s.classList.contains('credit-meter'));
    expect(status?.getAttribute('aria-label')).toContain('Balance 6,000 credits');
    expect(status?.getAttribute('aria-label')).toContain('spent today 10 of 150');
  });

  it('without a key: a message and Settings, no search', async () => {
    const user = userEvent.setup();
    const props = setup({ meter: { ...meter, hasKey: false, balance: null } });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByText(/No API key yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(props.onOpenSettings).toHaveBeenCalledTimes(1);
  });
});

describe('PopupView: saved leads', () => {
  const leads = (over: Partial<LeadRows> = {}): LeadRows => ({ saved: new Map(), onSave: vi.fn(), ...over });
  const row = (name: RegExp) =>
    within(screen.getByRole('list', { name: 'People' }))
      .getAllByRole('listitem')
      .find((li) => li.classList.contains('result-row') && name.test(li.textContent ?? ''))!;

  it('offers "Save {name} as lead" on each live row; a saved person shows "Saved · {status}" instead', async () => {
    const rows = leads({ saved: new Map([['per_mei', 'contacted']]) });
    setup({ search: done(), leads: rows });
    const user = userEvent.setup();
    await user.click(within(row(/Ada/)).getByRole('button', { name: 'Save Ada Lindqvist as lead' }));
    expect(rows.onSave).toHaveBeenCalledWith('per_ada');
    expect(within(row(/Ada/)).queryByText(/^Saved/)).toBeNull();
    expect(within(row(/Mei/)).getByText('Saved · Contacted')).toBeVisible();
    expect(within(row(/Mei/)).queryByRole('button', { name: /as lead$/ })).toBeNull();
  });

  it('never on a sample (NOT REAL DATA) answer: no save button, no mark, even for an id that is a lead', () => {
    setup({ search: done({ sample, creditsCharged: 0 }), leads: leads({ saved: new Map([['per_ada', 'new']]) }) });
    expect(screen.queryByRole('button', { name: /as lead$/ })).toBeNull();
    expect(screen.queryByText(/^Saved/)).toBeNull();
  });

  it('a failed save says why next to the row, in a polite live region', () => {
    setup({ search: done(), leads: leads({ errors: new Map([['per_ada', 'That person is no longer on a card.']]) }) });
    const status = within(row(/Ada/))
      .getAllByRole('status')
      .find((s) => s.textContent !== '');
    expect(status?.textContent).toBe('Not saved: That person is no longer on a card.');
    expect(status?.getAttribute('aria-live') ?? 'polite').toBe('polite');
    expect(within(row(/Ada/)).getByRole('button', { name: 'Save Ada Lindqvist as lead' })).toBeVisible();
  });

  it.each([
    [3, '3 follow-ups due'],
    [1, '1 follow-up due'],
  ])('%i follow-ups due: "%s" opens the Leads page on them', async (count, text) => {
    const props = setup({ dueCount: count });
    await userEvent.setup().click(screen.getByRole('button', { name: text }));
    expect(props.onOpenLeads).toHaveBeenCalledWith('due');
  });

  it.each([0, undefined])('no follow-ups due (%s): no count', (count) => {
    setup({ dueCount: count });
    expect(screen.queryByRole('button', { name: /follow-ups? due/ })).toBeNull();
  });

  it('"Leads" opens the Leads page, with or without a key', async () => {
    const user = userEvent.setup();
    const props = setup({ meter: { ...meter, hasKey: false, balance: null } });
    await user.click(screen.getByRole('button', { name: 'Leads' }));
    expect(props.onOpenLeads).toHaveBeenCalledWith();
  });
});

describe('PopupView: Find prospects', () => {
  it('sits beside Leads and opens the prospect page', async () => {
    const onOpenProspects = vi.fn();
    setup({ onOpenProspects });
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open side panel', 'Leads', 'Find prospects', 'Settings']);
    await userEvent.setup().click(within(footer).getByRole('button', { name: 'Find prospects' }));
    expect(onOpenProspects).toHaveBeenCalledOnce();
  });

  it('not without a key: prospecting searches the directory, and the popup asks for the key first', () => {
    setup({ onOpenProspects: vi.fn(), meter: { ...meter, hasKey: false, balance: null } });
    expect(screen.getByRole('button', { name: 'Leads' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Find prospects' })).toBeNull();
  });
});

function setupProps(): PopupViewProps {
  return {
    meter,
    searchPrice: 5,
    search: { status: 'idle' },
    onSearch: vi.fn(),
    onSearchAnyway: vi.fn(),
    onPick: vi.fn(),
    onOpenSidePanel: vi.fn(),
    onOpenSettings: vi.fn(),
    onOpenLeads: vi.fn(),
  };
}

describe('popup: "On this tab"', () => {
  it('names the detected profile with "Open side panel" and a priced "Look up" (nothing sent on open)', async () => {
    const user = userEvent.setup();
    const props = setup({ tabState: states.idle('unwatched'), searchPrice: 7, onLookUpTab: vi.fn() });
    const region = screen.getByRole('region', { name: 'On this tab' });
    expect(region.textContent).toMatch(/^Ada Lindqvist \(@AdaQuant on X\) on this tab · Open side panel/);
    expect(props.onLookUpTab).not.toHaveBeenCalled();
    await user.click(within(region).getByRole('button', { name: 'Look up · 7 credits' }));
    expect(props.onLookUpTab).toHaveBeenCalledTimes(1);
    await user.click(within(region).getByRole('button', { name: 'Open side panel' }));
    expect(props.onOpenSidePanel).toHaveBeenCalledTimes(1);
  });

  it('a record already paid for: its card, said to cost 0 credits, and no Look up', () => {
    setup({ tabState: states.matched({ known: { how: 'looked-up', site: 'x', at: Date.UTC(2026, 10, 26, 12) } }) });
    const region = screen.getByRole('region', { name: 'On this tab' });
    expect(within(region).getByRole('heading', { name: 'Ada Lindqvist' })).toBeVisible();
    expect(region.textContent).toContain('0 credits · looked up on X, Nov 26');
    expect(within(region).queryByRole('button', { name: /^Look up/ })).toBeNull();
  });

  it.each([
    ['no profile on the tab', states.idle('no-profile')],
    ['nothing known about the tab', null],
  ])('%s: no region', (_label, tabState) => {
    setup({ tabState });
    expect(screen.queryByRole('region', { name: 'On this tab' })).toBeNull();
  });

  it('a profile page LinkedIn did not show: no Look up by its address (the panel offers a search by name)', () => {
    const profile = { site: 'linkedin', kind: 'person', slug: 'ada-lindqvist', key: 'li:in:ada-lindqvist', url: '' } as const;
    setup({ tabState: states.idle('not-shown', { profile }) });
    const region = screen.getByRole('region', { name: 'On this tab' });
    expect(within(region).getByRole('button', { name: 'Open side panel' })).toBeVisible();
    expect(within(region).queryByRole('button', { name: /^Look up/ })).toBeNull();
  });

  it('while the lookup runs: says so, no second Look up', () => {
    setup({ tabState: states.lookingUp() });
    const region = screen.getByRole('region', { name: 'On this tab' });
    expect(within(region).getByRole('status').textContent).toBe('Looking up…');
    expect(within(region).queryByRole('button', { name: /^Look up/ })).toBeNull();
  });
});

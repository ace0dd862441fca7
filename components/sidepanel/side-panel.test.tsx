import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidePanel, type SidePanelProps } from './side-panel';
import { aMeter, aPerson, aProject, states } from '@/tests/support/records';

function renderPanel(overrides: Partial<SidePanelProps> = {}) {
  const props: SidePanelProps = {
    tabState: states.notFound(),
    selection: null,
    meter: aMeter(),
    tabActions: { openSettings: vi.fn(), lookUp: vi.fn(), loadDetails: vi.fn(), reveal: vi.fn() },
    selectionActions: { openSettings: vi.fn(), loadDetails: vi.fn(), reveal: vi.fn() },
    onCloseSelection: vi.fn(),
    ...overrides,
  };
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
      <SidePanel tabState={undefined} selection={null} meter={null} tabActions={{ openSettings: vi.fn() }} selectionActions={{ openSettings: vi.fn() }} onCloseSelection={vi.fn()} />,
    );
    expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Balance loading…' })).toBeVisible();
  });

  it('shows the popup selection above the tab view, with a Close button', async () => {
    const person = aPerson({ id: 'per_sel', firstName: 'Mei', lastName: 'Tanaka' });
    const props = renderPanel({ selection: states.matched({ person, organization: aProject() }) });
    const selection = screen.getByRole('region', { name: 'Search result' });
    expect(within(selection).getByRole('region', { name: 'Person' })).toBeVisible();
    expect(within(selection).getByRole('heading', { name: 'Mei Tanaka' })).toBeVisible();
    // The tab's own view is still there, after the selection.
    const notFound = screen.getByRole('heading', { name: 'Not in the directory' });
    expect(selection.compareDocumentPosition(notFound) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.setup().click(within(selection).getByRole('button', { name: 'Close' }));
    expect(props.onCloseSelection).toHaveBeenCalledOnce();
  });

  it('routes the selection’s actions to the selection, not the tab', async () => {
    const props = renderPanel({ selection: states.matched() });
    const selection = screen.getByRole('region', { name: 'Search result' });
    const user = userEvent.setup();
    await user.click(within(selection).getByRole('button', { name: 'Load coworkers · 5 credits' }));
    await user.click(within(selection).getByRole('button', { name: /^Reveal/ }));
    await user.click(screen.getByRole('button', { name: 'Reveal for 10 credits' }));
    expect(props.selectionActions.loadDetails).toHaveBeenCalledWith('person');
    expect(props.selectionActions.reveal).toHaveBeenCalledExactlyOnceWith('per_ada');
    expect(props.tabActions.loadDetails).not.toHaveBeenCalled();
    expect(props.tabActions.reveal).not.toHaveBeenCalled();
  });

  it('offers "Pop out" only when given, and names a pinned tab', async () => {
    const onPopOut = vi.fn();
    const { unmount } = render(
      <SidePanel tabState={null} selection={null} meter={null} tabActions={{ openSettings: vi.fn() }} selectionActions={{ openSettings: vi.fn() }} onCloseSelection={vi.fn()} onPopOut={onPopOut} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pop out' }));
    expect(onPopOut).toHaveBeenCalledOnce();
    unmount();
    renderPanel({ pinnedTabId: 42 });
    expect(screen.queryByRole('button', { name: 'Pop out' })).toBeNull();
    expect(screen.getByText('Pinned to one tab').getAttribute('title')).toContain('tab 42');
  });
});

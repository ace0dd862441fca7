import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabStateView, type ViewActions } from './tab-state-view';
import { accountPrices, aMeter, states } from '@/tests/support/records';
import type { KnownSource } from '@/lib/lookup/known-records';

const NOV_26 = Date.UTC(2026, 10, 26, 12);

function actions() {
  const a = { openSettings: vi.fn(), lookUp: vi.fn(), refresh: vi.fn(), searchAs: vi.fn<(q: string) => void>() };
  return a satisfies ViewActions;
}

describe('how a match was made', () => {
  it.each([
    ['x-handle', 'Matched on X handle'],
    ['linkedin-company', 'Matched on LinkedIn company page'],
    ['name-company', 'Matched on name and current company'],
    ['name', 'Matched on name'],
    ['pick', 'Matched on your pick'],
  ] as const)('%s: "%s"', (matchedOn, text) => {
    render(<TabStateView state={states.matched({ matchedOn })} meter={aMeter()} prices={accountPrices()} actions={actions()} />);
    expect(screen.getByRole('group', { name: 'How this was matched' }).textContent).toContain(text);
  });

  it.each<[string, KnownSource, string]>([
    ['the automatic lookup of the X profile', { how: 'looked-up', site: 'x', at: NOV_26 }, 'looked up on X, Nov 26'],
    ['a team loaded', { how: 'team', of: 'Lumen Labs', at: NOV_26 }, "from Lumen Labs' team, Nov 26"],
    ['the rep’s search', { how: 'searched', q: 'adaquant', at: NOV_26 }, 'from your search for “adaquant”, Nov 26'],
    [
      'an older row’s search, never claimed as the rep’s',
      { label: 'a search for “adaquant”', at: NOV_26 },
      'from a lookup of “adaquant”, Nov 26',
    ],
  ])(
    'a record already paid for (%s): how it became known, 0 credits, and Refresh · 5 credits (only when clicked)',
    async (_l, known, words) => {
      const a = actions();
      render(
        <TabStateView state={states.matched({ matchedOn: 'x-handle', known })} meter={aMeter()} prices={accountPrices()} actions={a} />,
      );
      expect(screen.getByRole('group', { name: 'How this was matched' }).textContent).toContain(
        `Matched on X handle · 0 credits · ${words}`,
      );
      expect(a.refresh).not.toHaveBeenCalled();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh · 5 credits' }));
      expect(a.refresh).toHaveBeenCalledOnce();
    },
  );

  it.each([
    ['a lookup just paid for', { credits: 5, at: NOV_26 }, 'Matched on X handle · 5 credits · Nov 26 · Not them?'],
    ['an answer replayed from the cache', { credits: 0, at: NOV_26, reused: true }, 'Matched on X handle · 0 credits · looked up Nov 26'],
  ])('the footer says what %s cost', (_label, cost, text) => {
    render(
      <TabStateView
        state={states.matched({ matchedOn: 'x-handle', cost })}
        meter={aMeter()}
        prices={accountPrices()}
        actions={actions()}
      />,
    );
    expect(screen.getByRole('group', { name: 'How this was matched' }).textContent).toContain(text);
    expect(screen.queryByRole('button', { name: /^Refresh/ })).toBeNull();
  });

  it('the footer comes after the cards: who the person is first', () => {
    render(
      <TabStateView state={states.matched({ matchedOn: 'x-handle' })} meter={aMeter()} prices={accountPrices()} actions={actions()} />,
    );
    const person = screen.getByRole('region', { name: 'Person' });
    const how = screen.getByRole('group', { name: 'How this was matched' });
    expect(person.compareDocumentPosition(how) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('"Not them?" offers a search with the page’s display name, editable, and runs it only when asked', async () => {
    const a = actions();
    const user = userEvent.setup();
    render(
      <TabStateView
        state={states.matched({ matchedOn: 'name-company', hints: { name: 'Daniel Okafor', company: 'Harborline' } })}
        meter={aMeter()}
        prices={accountPrices()}
        actions={a}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Not them?' }));
    const input = screen.getByRole('searchbox', { name: 'Search the directory for' }) as HTMLInputElement;
    expect(input.value).toBe('Daniel Okafor');
    expect(a.searchAs).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'Dan Okafor');
    await user.click(screen.getByRole('button', { name: 'Search · 5 credits' }));
    expect(a.searchAs).toHaveBeenCalledWith('Dan Okafor');
  });

  it('"Not in the directory" on X offers a search by the display name', async () => {
    const a = actions();
    const user = userEvent.setup();
    render(
      <TabStateView
        state={states.notFound({ query: 'zq_nobody_404', hints: { name: 'Zebulon Q' } })}
        meter={aMeter()}
        prices={accountPrices()}
        actions={a}
      />,
    );
    expect((screen.getByRole('searchbox', { name: 'Search the directory for' }) as HTMLInputElement).value).toBe('Zebulon Q');
    await user.click(screen.getByRole('button', { name: 'Search · 5 credits' }));
    expect(a.searchAs).toHaveBeenCalledWith('Zebulon Q');
  });
});

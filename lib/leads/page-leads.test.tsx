import 'fake-indexeddb/auto';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeadStore } from './lead-store';
import { pageLeads, useLeadStatuses } from './page-leads';

afterEach(() => vi.restoreAllMocks());

const settle = (ms = 50) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

describe('useLeadStatuses', () => {
  it('reads nothing while nobody is in view (a card being looked up), then the people shown', async () => {
    const statuses = vi.spyOn(LeadStore.prototype, 'statuses');
    const { result, rerender } = renderHook(({ ids }) => useLeadStatuses(ids), { initialProps: { ids: [] as string[] } });
    await settle();
    expect([statuses.mock.calls.length, result.current.size]).toEqual([0, 0]);
    rerender({ ids: ['p_ada', 'p_ada'] });
    await waitFor(() => expect(statuses).toHaveBeenCalledWith(['p_ada']));
  });

  it('a re-read that finds the same statuses renders nothing (a note edited, not the status)', async () => {
    await pageLeads().db.leads.put({ personId: 'p_ada', status: 'new' } as never);
    let renders = 0;
    function Shown({ statuses }: { statuses: ReadonlyMap<string, string> }) {
      renders++;
      return <p>{statuses.get('p_ada') ?? 'none'}</p>;
    }
    function Card() {
      return <Shown statuses={useLeadStatuses(['p_ada'])} />;
    }
    const view = render(<Card />);
    await waitFor(() => expect(view.getByText('new')).toBeTruthy());
    const before = renders;
    await act(async () => {
      await pageLeads().db.leads.update('p_ada', { note: 'met at ETHDenver' } as never);
    });
    await settle();
    expect(renders - before).toBe(0);
    await act(async () => {
      await pageLeads().db.leads.update('p_ada', { status: 'contacted' } as never);
    });
    await waitFor(() => expect(view.getByText('contacted')).toBeTruthy());
  });
});

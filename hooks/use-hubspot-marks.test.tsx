import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { sendMessage } from '@/lib/messaging/protocol';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { useHubSpotMarks, type MarkPerson } from './use-hubspot-marks';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
let worker: FakeWorker;

beforeEach(() => {
  worker = fakeWorker(vi.mocked(sendMessage), {
    hubspotMarks: () => ({ enabled: true, marks: { per_mei: { contactId: '1', owner: 'Mia Owner', leadStatus: 'In Progress' } } }),
  });
});

/** Mei as the Leads page passes her: a new lead object on each edit, and a new map of what is revealed. */
const mei = (revealed?: ContactChannelId[], status = 'new') => ({
  people: [{ personId: 'per_mei', linkedinUrl: null, xHandle: 'meit', status }] as (MarkPerson & { status: string })[],
  revealed: new Map(revealed ? [['per_mei', new Set(revealed)]] : []),
});

describe('useHubSpotMarks', () => {
  it('asks once per set; a reveal that makes an email known asks again, an edit of another field does not', async () => {
    const { result, rerender } = renderHook(({ people, revealed }) => useHubSpotMarks(people, revealed), { initialProps: mei() });
    await waitFor(() => expect(result.current.marks.get('per_mei')?.owner).toBe('Mia Owner'));
    expect(worker.sent('hubspotMarks')).toEqual([{ people: [{ personId: 'per_mei', xHandle: 'meit' }] }]);

    // A status edit re-creates the array and the lead: same identifiers, no new message.
    rerender(mei(undefined, 'contacted'));
    rerender(mei([]));
    expect(worker.sent('hubspotMarks')).toHaveLength(1);
    // The email revealed: asked again (the worker reads it from the reveal store and searches by it).
    rerender(mei(['email']));
    await waitFor(() => expect(worker.sent('hubspotMarks')).toHaveLength(2));
    rerender(mei(['email'], 'contacted'));
    rerender(mei(['email', 'telegram']));
    await waitFor(() => expect(worker.sent('hubspotMarks')).toHaveLength(3));
    // The worker is told nothing it does not take: identifiers only.
    expect(worker.sent('hubspotMarks')[2]).toEqual({ people: [{ personId: 'per_mei', xHandle: 'meit' }] });
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatMoment } from '@/components/leads/lead-text';
import { KEEP_UP_TO_DATE_HELP } from '@/lib/crm/crm-text';
import { HUBSPOT_MARKS_CONSENT } from '@/lib/messages/texts';
import { HubSpotSection, type HubSpotSectionProps } from './hubspot-section';

const connected = {
  connected: true,
  portalId: '4242',
  markPeople: true,
  baseUrl: 'https://api.hubapi.com',
  problem: null,
  keepUpToDate: false,
  lastSync: null,
};

function setup(over: Partial<HubSpotSectionProps> = {}) {
  const props: HubSpotSectionProps = {
    status: null,
    busy: false,
    message: null,
    onConnect: vi.fn(),
    onDisconnect: vi.fn(),
    onKeepUpToDate: vi.fn(),
    onSyncNow: vi.fn(),
    onOpenLeads: vi.fn(),
    ...over,
  };
  render(<HubSpotSection {...props} />);
  return { props, region: screen.getByRole('region', { name: 'HubSpot' }) };
}

describe('HubSpotSection', () => {
  it('Connect sends the token, the opt-in and the consent once, and clears the field; the opt-in says what it sends', async () => {
    const { props, region } = setup({ allowBaseUrl: true });
    expect(within(region).getByRole('checkbox', { name: 'Mark people already in HubSpot' })).toHaveAccessibleDescription(
      HUBSPOT_MARKS_CONSENT,
    );
    expect(within(region).queryByRole('button', { name: 'Disconnect HubSpot' })).toBeNull();
    const token = within(region).getByLabelText('HubSpot access token') as HTMLInputElement;
    await userEvent.type(token, 'pat-na1-abc');
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Mark people already in HubSpot' }));
    await userEvent.click(within(region).getByText('Advanced'));
    await userEvent.type(within(region).getByRole('textbox', { name: 'HubSpot API base URL' }), 'http://127.0.0.1:4010');
    await userEvent.click(within(region).getByRole('button', { name: 'Connect HubSpot' }));
    expect(props.onConnect).toHaveBeenCalledExactlyOnceWith({
      token: 'pat-na1-abc',
      markPeople: true,
      createProperties: true,
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(token.value).toBe('');
  });

  it('a release build has no base URL field; a connected portal offers Disconnect and shows a revoked token plainly', async () => {
    const { props, region } = setup({
      allowBaseUrl: false,
      status: { ...connected, problem: 'HubSpot refused the access token: it was revoked.' },
    });
    expect(within(region).queryByRole('textbox', { name: 'HubSpot API base URL' })).toBeNull();
    expect(within(region).getByRole('alert')).toHaveTextContent('revoked');
    await userEvent.click(within(region).getByRole('button', { name: 'Disconnect HubSpot' }));
    expect(props.onDisconnect).toHaveBeenCalledOnce();
  });

  it('"Keep HubSpot up to date" is offered once connected, off until ticked, and says what it does', async () => {
    expect(within(setup().region).queryByRole('checkbox', { name: 'Keep HubSpot up to date' })).toBeNull();
    cleanup();
    const { props, region } = setup({ status: connected });
    const keep = within(region).getByRole('checkbox', { name: 'Keep HubSpot up to date' });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(KEEP_UP_TO_DATE_HELP);
    expect(within(region).queryByRole('button', { name: 'Sync now' })).toBeNull();
    await userEvent.click(keep);
    expect(props.onKeepUpToDate).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('on: the last run with its failures by name, Sync now, the Leads page; unticking turns it off', async () => {
    const at = Date.UTC(2026, 10, 27, 9, 30);
    const { props, region } = setup({
      status: {
        ...connected,
        keepUpToDate: true,
        lastSync: {
          at,
          sent: 3,
          waiting: 1,
          failures: [{ personId: 'per_1', name: 'Mei Tanaka', reason: 'HubSpot had a server error.' }],
        },
      },
    });
    expect(region).toHaveTextContent(`Last sync: ${formatMoment(at)} · 3 sent · 1 needs your choice · 1 failed`);
    expect(within(within(region).getByRole('list', { name: 'Not sent at the last sync' })).getByRole('listitem')).toHaveTextContent(
      'Mei Tanaka: HubSpot had a server error.',
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Sync now' }));
    expect(props.onSyncNow).toHaveBeenCalledOnce();
    await userEvent.click(within(region).getByRole('button', { name: 'Open the Leads page' }));
    expect(props.onOpenLeads).toHaveBeenCalledOnce();
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Keep HubSpot up to date' }));
    expect(props.onKeepUpToDate).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('on and never run: "Not synced yet"; while syncing, Sync now waits and the status says so', () => {
    const { region } = setup({ status: { ...connected, keepUpToDate: true }, syncing: true });
    expect(region).toHaveTextContent('Not synced yet');
    expect(within(region).queryByRole('list', { name: 'Not sent at the last sync' })).toBeNull();
    expect(within(region).getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(within(region).getByRole('status')).toHaveTextContent('Syncing with HubSpot…');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HUBSPOT_MARKS_CONSENT } from '@/lib/messages/texts';
import { HubSpotSection, type HubSpotSectionProps } from './hubspot-section';

const connected = { connected: true, portalId: '4242', markPeople: true, baseUrl: 'https://api.hubapi.com', problem: null };

function setup(over: Partial<HubSpotSectionProps> = {}) {
  const props: HubSpotSectionProps = { status: null, busy: false, message: null, onConnect: vi.fn(), onDisconnect: vi.fn(), ...over };
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
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WelcomeView } from './welcome-view';

describe('WelcomeView', () => {
  it('before a key: what a key is, where it is minted, and the form', () => {
    render(
      <WelcomeView prices={{ search: 5, reveal: 10 }} connected={null} onOpenOptions={() => {}}>
        <form aria-label="Key form" />
      </WelcomeView>,
    );
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toMatch(/^What a key is\./);
    expect(steps[1]).toMatch(/Settings → API/);
    expect(steps[2]).toMatch(/free call \(0 credits\)/);
    expect(screen.getByRole('form', { name: 'Key form' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /^Done/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy.html');
  });

  it('quotes the prices it is given (the meter’s)', () => {
    render(
      <WelcomeView prices={{ search: 7, reveal: 12 }} connected={null} onOpenOptions={() => {}}>
        <form aria-label="Key form" />
      </WelcomeView>,
    );
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('a lookup costs 7 credits, revealing a contact up to 12');
  });

  it.each([
    [
      { name: 'Priya Pro', email: null, tier: 'pro', creditsBalance: 6000, sampleMode: false } as const,
      'Connected as Priya Pro (pro): 6,000 credits.',
    ],
    [
      { name: null, email: null, tier: 'free', creditsBalance: 0, sampleMode: true } as const,
      'Connected (free): 0 credits. This account is in sample mode',
    ],
  ])('after the free check: done, with the account (%o), and the form is gone', async (connected, text) => {
    const onOpenOptions = vi.fn();
    render(
      <WelcomeView prices={{ search: 5, reveal: 10 }} connected={connected} onOpenOptions={onOpenOptions}>
        <form aria-label="Key form" />
      </WelcomeView>,
    );
    expect(screen.getByRole('heading', { name: 'Done: the key works' })).toBeVisible();
    expect(screen.getByRole('status').textContent).toContain(text);
    expect(screen.queryByRole('form', { name: 'Key form' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Budget and other settings' }));
    expect(onOpenOptions).toHaveBeenCalledOnce();
  });

  it('once the key works, "Find prospects" opens the prospect page; before, it is not offered', async () => {
    const onOpenProspects = vi.fn();
    const connected = { name: 'Priya Pro', email: null, tier: 'pro', creditsBalance: 6000, sampleMode: false } as const;
    const { rerender } = render(
      <WelcomeView prices={{ search: 5, reveal: 10 }} connected={null} onOpenOptions={() => {}} onOpenProspects={onOpenProspects}>
        <form aria-label="Key form" />
      </WelcomeView>,
    );
    expect(screen.queryByRole('button', { name: 'Find prospects' })).toBeNull();
    rerender(
      <WelcomeView prices={{ search: 5, reveal: 10 }} connected={connected} onOpenOptions={() => {}} onOpenProspects={onOpenProspects}>
        <form aria-label="Key form" />
      </WelcomeView>,
    );
    const done = screen.getByRole('region', { name: 'Done: the key works' });
    await userEvent.setup().click(within(done).getByRole('button', { name: 'Find prospects' }));
    expect(onOpenProspects).toHaveBeenCalledOnce();
  });

  it.each([5, 7])('shows how to pin the icon, the shortcut, and what automatic lookups cost (%i credits)', (search) => {
    render(
      <WelcomeView prices={{ search, reveal: 10 }} connected={null} onOpenOptions={() => {}}>
        <form aria-label="Key form" />
      </WelcomeView>,
    );
    const reach = screen.getByRole('region', { name: 'Keep it one click away' });
    expect(reach.textContent).toMatch(/Pin the icon:.*Extensions.*pin next to Crypto Directory/);
    expect(reach.textContent).toContain('Alt+Shift+D opens the side panel');
    expect(reach.textContent).toContain(`looked up by itself: ${search} credits`);
  });
});

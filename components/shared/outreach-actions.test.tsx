import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEMPLATES } from '@/lib/settings/outreach-settings';
import { OutreachActions, TELEGRAM_COPIED, type OutreachActionsProps } from './outreach-actions';

function renderActions(overrides: Partial<OutreachActionsProps> = {}) {
  const props: OutreachActionsProps = {
    templates: DEFAULT_TEMPLATES,
    me: { myName: 'Sam', myCompany: 'Nordwind' },
    blocked: null,
    onTouch: vi.fn(),
    telegram: '@adaquant',
    email: 'ada@quantlayer.xyz',
    them: { firstName: 'Ada', name: 'Ada Quant', company: 'QuantLayer', title: 'CEO' },
    ...overrides,
  };
  render(<OutreachActions {...props} />);
  return { props, user: userEvent.setup() };
}

describe('OutreachActions', () => {
  it('"Message on Telegram" is a t.me link with the drafted message; a click copies it and tells the page', async () => {
    const { props, user } = renderActions();
    const link = screen.getByRole('link', { name: 'Message on Telegram' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://t.me/adaquant');
    expect(href.searchParams.get('text')).toMatch(/^Hi Ada, I follow what QuantLayer is building.*Sam, Nordwind$/s);
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom does not navigate
    await user.click(link);
    expect(props.onTouch).toHaveBeenCalledWith('telegram');
    expect(await navigator.clipboard.readText()).toBe(href.searchParams.get('text'));
    expect(await screen.findAllByText(TELEGRAM_COPIED)).not.toHaveLength(0);
  });

  it('"Email" is a mailto: with the subject and body URL-encoded, from the template picked', async () => {
    const { props, user } = renderActions();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Template' }), 'Follow-up');
    const href = screen.getByRole('link', { name: 'Email' }).getAttribute('href')!;
    expect(href).toBe(
      `mailto:ada@quantlayer.xyz?subject=${encodeURIComponent('Following up: QuantLayer × Nordwind')}&body=${encodeURIComponent(
        'Hi Ada, following up on my last message. Happy to share a short deck, or find a time that suits you.\n\nSam, Nordwind',
      )}`,
    );
    screen.getByRole('link', { name: 'Email' }).addEventListener('click', (e) => e.preventDefault());
    await user.click(screen.getByRole('link', { name: 'Email' }));
    expect(props.onTouch).toHaveBeenCalledWith('email');
  });

  it('Do not contact: neither action, and the reason', () => {
    renderActions({ blocked: 'Marked “Do not contact”: no message from here.' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('Do not contact');
  });

  it.each([
    [{ telegram: undefined }, ['Email']],
    [{ email: undefined }, ['Message on Telegram']],
    [{ telegram: 'not a handle!', email: 'not-an-email' }, []],
  ])('only the channels known and well-formed: %j → %j', (overrides, names) => {
    renderActions(overrides);
    expect(screen.queryAllByRole('link').map((l) => l.textContent)).toEqual(names);
  });
});

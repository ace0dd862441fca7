import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PersonCard } from './person-card';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { aMeter, anOldMeter, aPerson, PRICES_7_12, projectJson } from '@/tests/support/records';

/** The card as the panel wires it: the prices are the meter's (`pricesOf`, the pages' one fallback). */
function setup(meter = aMeter(), person = aPerson()) {
  const onReveal = vi.fn();
  const prices = pricesOf(meter);
  render(<PersonCard person={person} canReveal meter={meter} prices={prices} onReveal={onReveal} />);
  return { onReveal, user: userEvent.setup(), trigger: screen.getByRole('button', { name: /^Reveal/ }) };
}

describe('Confirm reveal dialog', () => {
  it('states the channels on file, the price, the balance before and after, and today’s budget', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const text = dialog.textContent ?? '';
    expect(text).toContain('Email, Phone, Telegram');
    expect(text).toContain('Price10 credits');
    expect(text).not.toContain('already unlocked');
    expect(text).toContain('5,990 credits now → 5,980 credits after');
    expect(text).toContain('140 credits left of 150');
    expect(within(dialog).getByRole('button', { name: 'Reveal for 10 credits' })).toBeVisible();
  });

  it.each([
    ['defunct', 'Defunct: Lumen Drift is recorded as no longer operating. Check before reaching out.'],
    ['deceased', 'Deceased: Lumen Drift is recorded as deceased. Check before reaching out.'],
    [null, null],
  ])('the company %j: said before anything is paid', async (lifecycle, warning) => {
    const { user, trigger } = setup(aMeter(), aPerson({ company: projectJson({ name: 'Lumen Drift', lifecycle }) }));
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.querySelector('.lifecycle')?.textContent ?? null).toBe(warning);
  });

  it('dates a balance read a while ago, as the meter does', async () => {
    const { user, trigger } = setup(aMeter({ balanceAt: new Date(2025, 10, 27, 16, 24).getTime() }));
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Confirm reveal' }).textContent).toContain(
      '5,990 credits · as of Nov 27, 4:24 PM → 5,980 credits after',
    );
  });

  it('Cancel closes without sending and returns focus to the trigger', async () => {
    const { user, trigger, onReveal } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onReveal).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('Escape closes without sending and returns focus to the trigger', async () => {
    const { user, trigger, onReveal } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Confirm reveal' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onReveal).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger);
  });

  it('confirm sends exactly one reveal for this person, even on a double click', async () => {
    const { user, trigger, onReveal } = setup();
    await user.click(trigger);
    const confirm = screen.getByRole('button', { name: /^Reveal for/ });
    await user.dblClick(confirm);
    expect(onReveal).toHaveBeenCalledTimes(1);
    expect(onReveal).toHaveBeenCalledWith('per_ada', 10);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('traps focus inside and is keyboard-operable', async () => {
    const { user, trigger, onReveal } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: /^Reveal for/ });
    // Safe default: focus starts on Cancel.
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
    // Focus pushed outside comes back in.
    trigger.focus();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(onReveal).not.toHaveBeenCalled();
    confirm.focus();
    await user.keyboard('{Enter}');
    expect(onReveal).toHaveBeenCalledTimes(1);
  });

  it('quotes 5 credits for a contact the record says this account already unlocked', async () => {
    const { user, trigger } = setup(aMeter(), aPerson({ isLocked: false }));
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.textContent).toContain('Price5 credits (already unlocked by your account)');
    expect(dialog.textContent).toContain('5,990 credits now → 5,985 credits after');
    expect(within(dialog).getByRole('button', { name: 'Reveal for 5 credits' })).toBeVisible();
  });

  it.each<[string, Parameters<typeof aMeter>[0], Record<string, unknown>, RegExp]>([
    ['a paid key short of a first reveal', { balance: 7 }, {}, /needs 3 more credits/],
    ['a paid key short of an unlocked re-read', { balance: 3 }, { isLocked: false }, /needs 2 more credits/],
    ['a free key below the price gets a sample', { balance: 7, tier: 'free' }, {}, /would answer with a sample/],
  ])('%s: refused before any dialog, with the reason', async (_label, meter, person, reason) => {
    setup(aMeter(meter), aPerson(person));
    const trigger = screen.getByRole('button', { name: 'Reveal contact…' }) as HTMLButtonElement;
    expect(trigger.disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toMatch(reason);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a free key with enough credits for the unlocked price is not refused', () => {
    setup(aMeter({ balance: 7, tier: 'free' }), aPerson({ isLocked: false }));
    expect((screen.getByRole('button', { name: 'Reveal contact…' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it.each([
    [
      'the account’s reveal price (12) for a locked contact',
      aMeter({ prices: PRICES_7_12 }),
      {},
      12,
      '5,990 credits now → 5,978 credits after',
    ],
    [
      'the account’s person price (7) for a contact this account already unlocked',
      aMeter({ prices: PRICES_7_12 }),
      { isLocked: false },
      7,
      '5,990 credits now → 5,983 credits after',
    ],
    [
      'the spec’s 10 when the meter carries no prices (an older version’s)',
      anOldMeter(),
      {},
      10,
      '5,990 credits now → 5,980 credits after',
    ],
    ['the spec’s 5 for an unlocked contact when the meter carries no prices', anOldMeter(), { isLocked: false }, 5, '5,985 credits after'],
  ])('quotes %s', async (_label, meter, person, price, balance) => {
    const { user, trigger } = setup(meter, aPerson(person));
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.textContent).toContain(`Price${price} credits`);
    expect(dialog.textContent).toContain(balance);
    expect(within(dialog).getByRole('button', { name: `Reveal for ${price} credits` })).toBeVisible();
  });

  it.each([
    // 150 − 10 spent = 140, but 25 more are held for calls on the wire: the worker's remainder says 115.
    [
      'the meter’s remainder, with the calls on the wire taken off',
      aMeter({ spentToday: 10, remainingToday: 115 }),
      '115 credits left of 150',
    ],
    [
      'the budget minus today’s spend for a meter without one (an older version’s)',
      anOldMeter({ spentToday: 10 }),
      '140 credits left of 150',
    ],
  ])('today’s budget left: %s', async (_label, meter, text) => {
    const { user, trigger } = setup(meter);
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Confirm reveal' }).textContent).toContain(text);
  });

  // A first reveal holds 15 of today's budget while it is sent (10, and a resend re-read at 5): the worker
  // refuses anything less, so the dialog does, before the confirming click.
  it.each([
    [
      '12 left: 10 fits, its hold of 15 does not',
      aMeter({ remainingToday: 12 }),
      {},
      'Reveal for 10 credits',
      /has 12 credits left; this call needs 15 credits set aside/,
    ],
    ['the calls on the wire leave 6', aMeter({ spentToday: 10, remainingToday: 6 }), {}, 'Reveal for 10 credits', /has 6 credits left/],
    ['an older meter: budget less spend leaves 5', anOldMeter({ spentToday: 145 }), {}, 'Reveal for 10 credits', /has 5 credits left/],
  ])('refuses in the dialog when today’s budget cannot hold it (%s)', async (_label, meter, person, button, words) => {
    const { user, trigger, onReveal } = setup(meter, aPerson(person));
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(words);
    const confirm = within(dialog).getByRole('button', { name: button });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onReveal).not.toHaveBeenCalled();
  });

  it.each([
    ['20 left: a first reveal and its resend fit', aMeter({ remainingToday: 20 }), {}, 10],
    ['12 left: an unlocked re-read holds 10', aMeter({ remainingToday: 12 }), { isLocked: false }, 5],
  ])('offers the reveal at the quoted price when it fits (%s)', async (_label, meter, person, price) => {
    const { user, trigger, onReveal } = setup(meter, aPerson(person));
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: `Reveal for ${price} credits` }));
    expect(onReveal).toHaveBeenCalledWith('per_ada', price);
  });

  it('a record another account fetched is quoted as a first reveal, whatever it says of the lock', async () => {
    const onReveal = vi.fn();
    const meter = aMeter();
    render(
      <PersonCard
        person={aPerson({ isLocked: false })}
        canReveal
        meter={meter}
        prices={pricesOf(meter)}
        onReveal={onReveal}
        fetchedByThisAccount={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reveal contact…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.textContent).not.toContain('already unlocked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reveal for 10 credits' }));
    expect(onReveal).toHaveBeenCalledWith('per_ada', 10);
  });
});

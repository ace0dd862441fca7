import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMeter } from '@/tests/support/records';
import { balanceLabel, CreditMeterBar, creditMeterSummary } from './credit-meter-bar';

describe('CreditMeterBar', () => {
  it('is a status naming the balance, today’s spend and the tier', () => {
    render(<CreditMeterBar meter={aMeter()} />);
    expect(screen.getByRole('status', { name: 'Balance 5,990 credits · spent today 10 of 150 · pro' })).toBeVisible();
  });

  it('warns under the low-balance threshold', () => {
    render(<CreditMeterBar meter={aMeter({ balance: 40, lowBalanceWarning: 50 })} />);
    expect(screen.getByRole('status').getAttribute('aria-label')).toContain('low balance');
    expect(screen.getByText(/Low balance: under 50 credits/)).toBeVisible();
  });

  it('says "Out of credits" once the worker halted on a 402', () => {
    render(<CreditMeterBar meter={aMeter({ balance: 0, halted402: true })} />);
    expect(screen.getByRole('status', { name: /^Out of credits · Balance 0 credits/ })).toBeVisible();
    expect(screen.getByText('Out of credits')).toBeVisible();
  });

  it('a refused key (401) reads as refused, not as its last balance', () => {
    render(<CreditMeterBar meter={aMeter({ balance: 3000, tier: 'starter', keyRejected: true })} />);
    const status = screen.getByRole('status', { name: 'API key refused · save a working key in settings' });
    expect(status.textContent).not.toMatch(/3,000/);
    expect(status.className).toContain('credit-meter--danger');
  });

  it('covers loading, no key, unknown balance and sample mode', () => {
    expect(creditMeterSummary(null)).toBe('Balance loading…');
    expect(creditMeterSummary(aMeter({ hasKey: false }))).toMatch(/^No API key/);
    expect(creditMeterSummary(aMeter({ balance: null, tier: null }))).toBe('Balance unknown · spent today 10 of 150');
    expect(creditMeterSummary(aMeter({ tier: 'free', balance: 0, sampleMode: true, lowBalanceWarning: 0 }))).toBe(
      'Balance 0 credits · spent today 10 of 150 · free · sample mode',
    );
  });

  const now = new Date(2026, 10, 28, 16, 30).getTime();
  const min = 60_000;
  it.each([
    ['read a minute ago', now - min, '6,000 credits'],
    ['read 4:59 ago', now - 5 * min + 1000, '6,000 credits'],
    ['read 6 minutes ago', now - 6 * min, '6,000 credits · as of 4:24 PM'],
    ['read yesterday', new Date(2026, 10, 27, 16, 24).getTime(), '6,000 credits · as of Nov 27, 4:24 PM'],
    ['read "later" (the clock was set back)', now + 10 * min, '6,000 credits · as of 4:40 PM'],
    ['never dated (an older meter)', null, '6,000 credits'],
  ])('a balance %s reads "%s"', (_, at, label) => {
    expect(balanceLabel(6000, at, now)).toBe(label);
  });

  it('a balance read a while ago carries its time in the meter and its accessible name', () => {
    const at = Date.now() - 3 * 3_600_000;
    render(<CreditMeterBar meter={aMeter({ balance: 6000, balanceAt: at })} />);
    const status = screen.getByRole('status', { name: /^Balance 6,000 credits · as of .+ · spent today/ });
    expect(status.textContent).toContain(balanceLabel(6000, at));
  });
});

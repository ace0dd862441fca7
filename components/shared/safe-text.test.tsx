import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IdleView } from '@/components/sidepanel/tab-state-view';
import { PersonCard } from '@/components/sidepanel/person-card';
import { accountPrices, aMeter, aPerson } from '@/tests/support/records';
import { SafeText } from './safe-text';

const RLO = '\u202E';
const BIDI_OR_INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

describe('SafeText', () => {
  it('isolates the text in a <bdi> without its bidi controls or invisible characters', () => {
    const { container } = render(
      <p>
        Look up <SafeText text={`Ada${RLO} \u200BQuant`} /> · 5 credits
      </p>,
    );
    expect(container.querySelector('bdi')?.textContent).toBe('Ada Quant');
    expect(container.textContent).toBe('Look up Ada Quant · 5 credits');
  });
});

describe('directory and page text in the panel', () => {
  it('a last name carrying U+202E cannot turn the reveal dialog sentence around', async () => {
    render(
      <PersonCard
        person={aPerson({ lastName: `Lindqvist${RLO}` })}
        canReveal
        meter={aMeter()}
        prices={accountPrices()}
        onReveal={() => {}}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /^Reveal/ }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.textContent).not.toMatch(BIDI_OR_INVISIBLE);
    expect(dialog.textContent).toContain('Reveal Ada Lindqvist’s contact channels?');
    expect(dialog.querySelector('strong bdi')?.textContent).toBe('Ada Lindqvist');
  });

  it('a page display name carrying U+202E stays inside its own isolate, before the handle', () => {
    const { container } = render(
      <IdleView
        state={{
          status: 'idle',
          reason: 'manual',
          profile: { site: 'x', handle: 'zq_nobody_404', key: 'x:zq_nobody_404', url: 'https://x.com/zq_nobody_404' },
          hints: { name: `${RLO}X no tnauQadA@ ` },
          updatedAt: 1,
        }}
        actions={{ openSettings: () => {}, lookUp: () => {} }}
        meter={null}
        prices={accountPrices()}
      />,
    );
    expect(container.textContent).not.toMatch(BIDI_OR_INVISIBLE);
    const line = screen.getByText((_t, el) => el?.tagName === 'P' && /^On this page:/.test(el.textContent ?? ''));
    expect(line.textContent).toBe('On this page: X no tnauQadA@ (@zq_nobody_404 on X)');
    expect(line.querySelector('bdi bdi')?.textContent).toBe('X no tnauQadA@');
  });
});

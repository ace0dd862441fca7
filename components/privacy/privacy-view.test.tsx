import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyView } from './privacy-view';
import { fillRetention, privacyContent } from '@/lib/privacy/privacy-content';
import { privacyMarkdown } from '@/tools/privacy/privacy-markdown';
import { LEDGER_RETENTION_DAYS } from '@/lib/credits/ledger';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { INDEXED_DATABASES, STORAGE_FAMILIES } from '@/lib/storage/keys';

const registry = [
  ...Object.entries(INDEXED_DATABASES).map(([name, db]) => [`database ${name}`, db] as const),
  ...Object.entries(STORAGE_FAMILIES).map(([name, f]) => [`family ${name}`, f] as const),
];

describe('the privacy page', () => {
  it.each(registry)('lists %s: what it holds and how long it is kept', (_, entry) => {
    render(<PrivacyView content={privacyContent()} />);
    const row = screen.getByRole('row', { name: new RegExp(escape(entry.describe)) });
    expect(row).toHaveTextContent(fillRetention(entry.keptFor));
  });

  it('is the page headed "Privacy", with no retention left unfilled', () => {
    render(<PrivacyView content={privacyContent()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\{\w+\}/);
  });

  it.each([
    ['{cacheTtlHours} hours', `${DEFAULT_SETTINGS.cacheTtlHours} hours`],
    ['{notFoundTtlHours} h', `${DEFAULT_SETTINGS.notFoundTtlHours} h`],
    ['{ledgerRetentionDays} days', `${LEDGER_RETENTION_DAYS} days`],
  ])('fills %s from the settings and the ledger', (template, filled) => {
    expect(fillRetention(template)).toBe(filled);
  });

  it('refuses a retention figure nobody provides (a typo in the registry)', () => {
    expect(() => fillRetention('{cacheTTL} hours')).toThrow(/cacheTTL/);
  });

  it("PRIVACY.md is the page's text (run `npm run privacy:md` after a change)", () => {
    const file = readFileSync(new URL('../../PRIVACY.md', import.meta.url), 'utf8');
    expect(file).toBe(privacyMarkdown(privacyContent()));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

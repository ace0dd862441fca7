import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EnrichRow, EnrichRun, ListQuote, ListRowOutcome } from '@/lib/enrich/enrich-run';
import type { PageRowRecord } from '@/lib/tab-state/page-people';
import { EnrichProgress, EnrichQuote, EnrichResults, EnrichSave, EnrichSource } from './enrich-list';
import { listName, outcomeText, previewText } from './enrich-text';

// Counted, to see which rows a progress tick draws again.
vi.mock('./enrich-text', async (original) => {
  const words = await original<typeof import('./enrich-text')>();
  return { ...words, outcomeText: vi.fn(words.outcomeText) };
});

const ada: PageRowRecord = { kind: 'person', id: 'per_ada', name: 'Ada Lindqvist', title: 'Partner', company: 'Meridian' };
const bo: PageRowRecord = { kind: 'person', id: 'per_bo', name: 'Bo Chen', company: 'Lattice' };
const bo2: PageRowRecord = { kind: 'person', id: 'per_bo2', name: 'Bo Chen', company: 'Lattice Labs' };

let line = 1;
const row = (key: string, outcome: ListRowOutcome, fields: Partial<EnrichRow> = {}): EnrichRow => ({
  key,
  lines: [++line],
  ...fields,
  outcome,
});
const rows = (n: number, outcome: ListRowOutcome): EnrichRow[] =>
  Array.from({ length: n }, (_, i) => row(`x:p${i}_${line}`, outcome, { xHandle: `p${i}` }));

function aQuote(q: Partial<ListQuote> = {}): ListQuote {
  return {
    rows: [
      ...rows(10, { status: 'known', record: ada, from: 'known' }),
      ...rows(25, { status: 'to-look-up' }),
      row('li:only', { status: 'needs-name' }, { linkedinSlug: 'only' }),
      row('x:zoe', { status: 'do-not-contact', personId: 'per_zoe' }, { xHandle: 'zoe' }),
    ],
    lookups: 25,
    credits: 125,
    refusal: null,
    fits: 25,
    raiseBy: null,
    ...q,
  };
}

/** A promise the test settles: the worker's answer, late. */
function later() {
  let settle!: (v: unknown) => void;
  const promise = new Promise((r) => (settle = r));
  return { promise, settle };
}

describe('EnrichSource', () => {
  it('takes pasted text and a chosen CSV or TSV file by their names', async () => {
    const onText = vi.fn();
    const onFile = vi.fn();
    const user = userEvent.setup();
    render(<EnrichSource text="" onText={onText} onFile={onFile} />);
    await user.type(screen.getByRole('textbox', { name: 'Paste handles, profile links or a spreadsheet' }), '@');
    expect(onText).toHaveBeenCalledWith('@');
    const file = new File(['handle\n@ada\n'], 'ETHDenver.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Choose a CSV or TSV file'), file);
    expect(onFile).toHaveBeenCalledWith(file);
  });
});

describe('EnrichQuote', () => {
  it('says what is free and what is paid, and "Enrich 25 · 125 credits" sends once however often it is clicked', async () => {
    const answer = later();
    const onEnrich = vi.fn(() => answer.promise);
    const user = userEvent.setup();
    render(<EnrichQuote quote={aQuote()} onEnrich={onEnrich} />);
    const price = screen.getByRole('group', { name: 'Price' });
    expect(price).toHaveTextContent('10 known · 0 credits');
    expect(price).toHaveTextContent('1 with only a LinkedIn address: need a name · 0 credits');
    expect(price).toHaveTextContent('1 marked “Do not contact”: skipped, nothing sent');
    expect(price).toHaveTextContent('25 to look up · 125 credits');
    const enrich = screen.getByRole('button', { name: 'Enrich 25 · 125 credits' });
    expect(screen.queryByRole('button', { name: /that fit|Raise/ })).toBeNull();
    await user.click(enrich);
    await user.click(enrich);
    expect(onEnrich).toHaveBeenCalledTimes(1);
    expect(onEnrich).toHaveBeenCalledWith({}, 125);
    expect(enrich).toHaveAttribute('aria-disabled', 'true');
    await act(async () => answer.settle({ ok: true }));
    await vi.waitFor(() => expect(enrich).not.toHaveAttribute('aria-disabled'));
  });

  it('over the budget: refused with why, and the two offers at the quote’s price (one of them sends, once)', async () => {
    const answer = later();
    const onEnrich = vi.fn(() => answer.promise);
    const user = userEvent.setup();
    const quote = aQuote({ refusal: 'today’s budget has 50 credits left.', fits: 10, raiseBy: 75 });
    render(<EnrichQuote quote={quote} onEnrich={onEnrich} message="The price rose: get the price again." />);
    const whole = screen.getByRole('button', { name: 'Enrich 25 · 125 credits' });
    expect(whole).toBeDisabled();
    expect(whole).toHaveAccessibleDescription('Not sent: today’s budget has 50 credits left.');
    const raise = screen.getByRole('button', { name: 'Raise today’s budget by 75 for this list' });
    expect(raise).toHaveAccessibleDescription('for today only, then enriches all 25 · 125 credits');
    const fit = screen.getByRole('button', { name: 'Enrich the 10 that fit · 50 credits' });
    await user.click(fit);
    await user.click(raise);
    expect(onEnrich.mock.calls).toEqual([[{ fit: true }, 50]]);
    await act(async () => answer.settle({ ok: false, message: 'x' }));
    await vi.waitFor(() => expect(raise).not.toHaveAttribute('aria-disabled'));
    await user.click(raise);
    expect(onEnrich).toHaveBeenLastCalledWith({ raise: true }, 125);
    expect(screen.getByText('The price rose: get the price again.')).toBeVisible();
  });

  it('with the balance short (no raise helps) and nothing that fits, offers neither', () => {
    render(<EnrichQuote quote={aQuote({ refusal: 'the balance is 3 credits.', fits: 0, raiseBy: null })} onEnrich={vi.fn()} />);
    expect(screen.getByRole('note')).toHaveTextContent('Not sent: the balance is 3 credits.');
    expect(screen.queryByRole('button', { name: /that fit|Raise/ })).toBeNull();
  });
});

function aRun(state: EnrichRun['state'], looked: number): EnrichRun {
  return {
    id: 'run_1',
    accountId: 'acc',
    name: 'ETHDenver',
    startedAt: 0,
    quoted: { lookups: 25, credits: 125 },
    state,
    rows: [
      ...rows(10, { status: 'known', record: ada, from: 'lead' }),
      ...rows(looked - 1, { status: 'matched', record: bo, credits: 5 }),
      ...rows(1, { status: 'not-found', credits: 5 }),
      ...rows(1, { status: 'looking-up' }),
      ...rows(24 - looked, { status: 'to-look-up' }),
    ],
  };
}

describe('EnrichProgress', () => {
  it('running: "12 of 25 looked up · 60 credits spent" (a polite status) and Cancel', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<EnrichProgress run={aRun('running', 12)} onCancel={onCancel} onResume={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('12 of 25 looked up · 60 credits spent');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('button', { name: /^Resume/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('interrupted by a browser restart: asks "Resume: 13 rows · 65 credits" (what is left, at the quote’s price)', async () => {
    const onResume = vi.fn();
    const user = userEvent.setup();
    render(<EnrichProgress run={aRun('interrupted', 12)} onCancel={vi.fn()} onResume={onResume} />);
    expect(screen.getByRole('status')).toHaveTextContent('Interrupted: 12 of 25 looked up · 60 credits spent');
    await user.click(screen.getByRole('button', { name: 'Resume: 13 rows · 65 credits' }));
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('done: the total, nothing to click', () => {
    render(<EnrichProgress run={aRun('done', 24)} onCancel={vi.fn()} onResume={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Done: 24 of 25 looked up · 120 credits spent');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('EnrichResults', () => {
  const results: EnrichRow[] = [
    row('x:ada', { status: 'known', record: ada, from: 'lead' }, { xHandle: 'ada' }),
    row('x:bo', { status: 'matched', record: bo, credits: 5 }, { xHandle: 'bo' }),
    row('nc:bo chen|lattice', { status: 'candidates', candidates: [bo, bo2], credits: 5 }, { name: 'Bo Chen', company: 'Lattice' }),
    row('x:nobody', { status: 'not-found', credits: 5 }, { xHandle: 'nobody' }),
    row('li:only-li', { status: 'needs-name' }, { linkedinSlug: 'only-li' }),
    row('x:zoe', { status: 'do-not-contact', personId: 'per_zoe' }, { xHandle: 'zoe' }),
    row('x:lost', { status: 'failed', message: 'No answer: it may have been charged 5 credits.' }, { xHandle: 'lost' }),
    row('x:late', { status: 'not-sent', message: 'Cancelled: not sent.' }, { xHandle: 'late', lines: [30, 31] }),
    row(
      'x:evil',
      { status: 'matched', record: { kind: 'person', id: 'per_e', name: 'Eve\u202Egnp.exe' }, credits: 5 },
      { xHandle: 'evil' },
    ),
  ];

  it('says what became of each row; a saved lead’s name opens it; a pick costs nothing and names whom', async () => {
    const onOpenLead = vi.fn();
    const onPick = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<EnrichResults rows={results} leadIds={new Set(['per_ada'])} onOpenLead={onOpenLead} onPick={onPick} />);
    const items = within(screen.getByRole('list', { name: 'Rows' }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Rows');
    const text = items.map((li) => li.textContent);
    expect(text[0]).toMatch(/@ada — Known from your saved lead · 0 credits — Ada Lindqvist · Partner at Meridian$/);
    expect(text[1]).toMatch(/@bo — Matched on the X handle · 5 credits — Bo Chen · Lattice$/);
    expect(text[2]).toContain('Bo Chen, Lattice — Several people fit: pick one (0 credits) · 5 credits paid');
    expect(text[3]).toMatch(/@nobody — Not in the directory · 5 credits paid$/);
    expect(text[4]).toMatch(/LinkedIn in\/only-li — Needs a name: the directory cannot be searched by a LinkedIn address · 0 credits$/);
    expect(text[5]).toMatch(/@zoe — Do not contact: skipped, nothing sent$/);
    expect(text[6]).toMatch(/@lost — Failed: No answer: it may have been charged 5 credits\.$/);
    expect(text[7]).toBe('lines 30, 31 @late — Cancelled: not sent.');
    expect(text[8]).toContain('Evegnp.exe');
    expect(text[8]).not.toContain('\u202E');

    await user.click(screen.getByRole('button', { name: 'Ada Lindqvist' }));
    expect(onOpenLead).toHaveBeenCalledWith('per_ada');
    // Not a lead: the name is text, not a button.
    expect(screen.queryByRole('button', { name: 'Bo Chen' })).toBeNull();

    const candidates = screen.getByRole('list', { name: 'Candidates for Bo Chen, Lattice' });
    await user.click(within(candidates).getByRole('button', { name: 'Pick Bo Chen, Lattice Labs · 0 credits' }));
    expect(onPick).toHaveBeenCalledWith('nc:bo chen|lattice', 'per_bo2');
  });

  it('a progress tick redraws only the rows whose outcome changed (rows are memoised)', () => {
    const many = rows(300, { status: 'to-look-up' });
    const onOpenLead = vi.fn(); // the page's callbacks keep their identity
    const { rerender } = render(<EnrichResults rows={many} leadIds={new Set()} onOpenLead={onOpenLead} />);
    vi.mocked(outcomeText).mockClear();
    const next = [row(many[0]!.key, { status: 'not-found', credits: 5 }, { xHandle: 'p0' }), ...many.slice(1)];
    rerender(<EnrichResults rows={next} leadIds={new Set()} onOpenLead={onOpenLead} />);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Not in the directory · 5 credits paid');
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent('To look up');
    expect(vi.mocked(outcomeText).mock.calls.map(([r]) => r.key)).toEqual([many[0]!.key]);
  });
});

describe('EnrichSave', () => {
  const found = [
    row('x:ada', { status: 'known', record: ada, from: 'cache' }),
    row('x:bo', { status: 'matched', record: bo, credits: 5 }),
    row('x:ada2', { status: 'matched', record: ada, credits: 5 }),
    row('x:no', { status: 'not-found', credits: 5 }),
    row('x:zoe', { status: 'do-not-contact', personId: 'per_zoe' }),
  ];

  it('tags the people found with the list’s name by default, each once (no one not found or marked Do not contact)', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<EnrichSave name="ETHDenver" rows={found} tagChoices={{ tags: ['DeFi'], last: 'DeFi' }} onSave={onSave} message={null} />);
    const tag = screen.getByRole('combobox', { name: 'Tag' });
    expect(tag).toHaveValue('ETHDenver');
    expect(screen.getByText('2 people found · 0 credits, no call')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save as leads' }));
    expect(onSave).toHaveBeenCalledWith(['per_ada', 'per_bo'], 'ETHDenver');
    await user.clear(tag);
    await user.type(tag, 'KOL');
    await user.click(screen.getByRole('button', { name: 'Save as leads' }));
    expect(onSave).toHaveBeenLastCalledWith(['per_ada', 'per_bo'], 'KOL');
  });

  it('with nobody found there is nothing to save', () => {
    render(<EnrichSave name="x" rows={found.slice(3)} tagChoices={undefined} onSave={vi.fn()} message={null} />);
    expect(screen.getByRole('button', { name: 'Save as leads' })).toBeDisabled();
  });
});

describe('the list’s words', () => {
  it.each([
    ['ETHDenver attendees.csv', 'ETHDenver attendees'],
    ['kol.2026.tsv', 'kol.2026'],
    ['.csv', '.csv'],
    ['list', 'list'],
  ])('the list from %s is named %s', (file, name) => expect(listName(file)).toBe(name));

  it.each([
    [{ rows: 40, unreadable: 3, duplicates: 2 }, '40 rows · 3 unreadable · 2 duplicates folded'],
    [{ rows: 1, unreadable: 0, duplicates: 1 }, '1 row · 1 duplicate folded'],
    [{ rows: 1200, unreadable: 0, duplicates: 0 }, '1,200 rows'],
  ])('%o reads %s', (read, text) => expect(previewText(read)).toBe(text));
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CellText, cellPieces } from './cell-text';

describe('CellText: wraps between words only', () => {
  const kept = (text: string) => cellPieces(text).flatMap((p) => (p.keep ? [p.text] : []));
  it.each([
    // Letters, digits and . , & ' @ _ offer no break inside a word: one plain run.
    ['Ada Lindqvist', []],
    ['@AdaQuant', []],
    ['Founder & CEO, QuantLayer', []],
    ['token2049', []],
    ['Ærø Capital', []],
    // A hyphen, a slash, an emoji, or a script broken inside words would: that word is kept whole.
    ['Jean-Luc Picard', ['Jean-Luc']],
    ['Head of BD/Partnerships at Vandersteenhoven-Lindqvist', ['BD/Partnerships', 'Vandersteenhoven-Lindqvist']],
    ['王小明', ['王小明']],
    ['김민준 Kim', ['김민준']],
    ['สมชาย', ['สมชาย']],
    ['Ελένη Παπαδοπούλου', []],
    ['Ada🚀 Quant', ['Ada🚀']],
    ['', []],
  ])('%j keeps whole %j', (text, words) => {
    expect(kept(text)).toEqual(words);
    expect(
      cellPieces(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('a word a line could break inside is its own unbreakable span; the whole (safe) text is its title and its text', () => {
    const { container } = render(<CellText text={'Quant\u200BLayer-Labs Foundation\u202E'} className="x" />);
    const cell = container.querySelector('bdi')!;
    expect(cell).toHaveClass('cell-text', 'x');
    expect(cell).toHaveAttribute('title', 'QuantLayer-Labs Foundation');
    expect(cell).toHaveTextContent('QuantLayer-Labs Foundation');
    expect([...cell.querySelectorAll('.cell-text__word')].map((w) => w.textContent)).toEqual(['QuantLayer-Labs']);
  });
});

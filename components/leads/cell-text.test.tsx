import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CellText, cellWords } from './cell-text';

describe('CellText: wraps between words only', () => {
  it.each([
    ['Ada Lindqvist', ['Ada', 'Lindqvist']],
    ['Jean-Luc Picard', ['Jean-Luc', 'Picard']],
    ['@AdaQuant', ['@AdaQuant']],
    ['Head of  BD', ['Head', 'of', 'BD']],
    ['', []],
  ])('%j: each word kept whole %j', (text, words) => expect(cellWords(text).map((w) => w.word)).toEqual(words));

  it('each word is its own unbreakable span; the whole (safe) text is its title and its text', () => {
    const { container } = render(<CellText text={'Quant\u200BLayer Foundation\u202E'} className="x" />);
    const cell = container.querySelector('bdi')!;
    expect(cell).toHaveClass('cell-text', 'x');
    expect(cell).toHaveAttribute('title', 'QuantLayer Foundation');
    expect(cell).toHaveTextContent('QuantLayer Foundation');
    expect([...cell.querySelectorAll('.cell-text__word')].map((w) => w.textContent)).toEqual(['QuantLayer', 'Foundation']);
  });
});

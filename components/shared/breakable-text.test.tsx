import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableText, breakPieces } from './breakable-text';

describe('breakPieces', () => {
  it.each([
    // A domain is never cut: not between its labels either ("ada@quantlayer" / ".xyz" was the bug).
    ['https://www.linkedin.com/in/ada-lindqvist', ['https://', 'www.linkedin.com/', 'in/', 'ada-lindqvist']],
    ['ada.lindqvist@quantlayer.xyz', ['ada.lindqvist', '@quantlayer.xyz']],
    ['ada@mail.quantlayer.co.uk', ['ada', '@mail.quantlayer.co.uk']],
    ['in/ada-lindqvist', ['in/', 'ada-lindqvist']],
    ['@adaquant', ['@adaquant']],
    ['+46 70 123 45 67', ['+46 70 123 45 67']],
    ['https://x.com/a?b=c&d', ['https://', 'x.com/', 'a', '?b', '=c', '&d']],
    ['QuantLayer', ['QuantLayer']],
    ['', []],
  ])('%j', (text, pieces) => {
    expect(breakPieces(text)).toEqual(pieces);
  });
});

describe('BreakableText', () => {
  it('keeps the text whole (only <wbr>s between pieces) and makes it safe', () => {
    const { container } = render(<BreakableText text={'ada@quant\u202Elayer.xyz'} />);
    const bdi = container.querySelector('bdi.breakable')!;
    expect(bdi.textContent).toBe('ada@quantlayer.xyz');
    expect(bdi.querySelectorAll('wbr')).toHaveLength(1);
  });
});

describe('BreakableText domains', () => {
  it.each([
    ['ada@quantlayer-foundation.example', ['@quantlayer-foundation.example']],
    ['https://www.linkedin.com/in/ada-lindqvist', ['www.linkedin.com/']],
    ['in/ada-lindqvist', []],
    ['@adaquant', []],
  ])('%j: the domain is one unbreakable piece', (text, domains) => {
    const { container } = render(<BreakableText text={text} />);
    expect(Array.from(container.querySelectorAll('.breakable__domain')).map((e) => e.textContent)).toEqual(domains);
  });
});

/**
 * A Testing Library matcher for text split across elements (directory text sits in its own `<bdi>`):
 * the innermost element whose whole textContent matches.
 */
export function fullText(expected: string | RegExp) {
  const matches = (text: string | null | undefined) =>
    typeof expected === 'string' ? (text ?? '').replace(/\s+/g, ' ').trim() === expected : expected.test(text ?? '');
  return (_content: string, element: Element | null): boolean =>
    element !== null && matches(element.textContent) && !Array.from(element.children).some((child) => matches(child.textContent));
}

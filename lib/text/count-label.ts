const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "1 lead", "31 leads", "1,200 cached answers": a count and its noun, en-US like every number the pages show. */
export function countLabel(n: number, one: string, many = `${one}s`): string {
  return `${integer.format(n)} ${n === 1 ? one : many}`;
}

// Parse speed of a 100-record people list page: the client's path (JSON.parse + zod, jitless as in
// the MV3 extension) next to JSON.parse alone and zod's eval-compiled path (not allowed in MV3).

import { benchParseListPage, peopleListPageJson } from './parse-pages';

export interface ParseResult {
  records: number;
  iterations: number;
  /** ms per record, JSON.parse + zod schema without eval (what the extension runs). */
  jitlessMsPerRecord: number;
  /** ms per record with zod's JIT (eval), for reference: an MV3 extension cannot use it. */
  jitMsPerRecord: number;
  /** ms per record for JSON.parse alone: the floor. */
  jsonOnlyMsPerRecord: number;
}

function jsonOnly(records: number, iterations: number): number {
  const text = peopleListPageJson(records);
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += (JSON.parse(text) as { data: unknown[] }).data.length;
  const start = performance.now();
  for (let i = 0; i < iterations; i++) sink += (JSON.parse(text) as { data: unknown[] }).data.length;
  const ms = performance.now() - start;
  if (sink === 0) throw new Error('unreachable');
  return ms / (iterations * records);
}

export function runParse(opts: { iterations?: number; records?: number } = {}): ParseResult {
  const iterations = opts.iterations ?? 200;
  const records = opts.records ?? 100;
  // Best of three: the machine may be shared; the minimum is the least disturbed figure.
  const best = (f: () => number) => Math.min(f(), f(), f());
  return {
    records,
    iterations,
    jitlessMsPerRecord: best(() => benchParseListPage({ iterations, records, jitless: true })),
    jitMsPerRecord: best(() => benchParseListPage({ iterations, records, jitless: false })),
    jsonOnlyMsPerRecord: best(() => jsonOnly(records, iterations)),
  };
}

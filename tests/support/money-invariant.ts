/**
 * The invariant every money scenario checks against the emulator's ledger (the server's truth): the
 * extension never records less than the server charged, and it records more only by attempts it
 * booked as "may have been charged" (answers it never got).
 */
export interface RecordedCharge {
  creditsCharged: number;
  estimated?: boolean;
}

export interface ServerCharge {
  creditsCharged: number;
}

export interface MoneyCheck {
  ok: boolean;
  recorded: number;
  server: number;
  /** Of `recorded`, booked without an answer. */
  mayHaveBeenCharged: number;
  problem?: string;
}

export function checkMoneyInvariant(recorded: readonly RecordedCharge[], server: readonly ServerCharge[]): MoneyCheck {
  const sum = (xs: readonly { creditsCharged: number }[]) => xs.reduce((s, e) => s + e.creditsCharged, 0);
  const out = { recorded: sum(recorded), server: sum(server), mayHaveBeenCharged: sum(recorded.filter((e) => e.estimated)) };
  if (out.recorded < out.server) return { ...out, ok: false, problem: `recorded ${out.recorded} < server charged ${out.server}` };
  if (out.recorded - out.server > out.mayHaveBeenCharged) {
    return {
      ...out,
      ok: false,
      problem: `recorded ${out.recorded} exceeds the server's ${out.server} by more than the ${out.mayHaveBeenCharged} booked as "may have been charged"`,
    };
  }
  return { ...out, ok: true };
}

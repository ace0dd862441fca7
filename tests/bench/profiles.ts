// Seeded people for the benches: real directory records (so every lookup is a real search), picked
// deterministically, with a unique full name (LinkedIn lookups search by name) and a company.

import type { SeededDirectory } from '../emulator';

export interface SeededProfile {
  id: string;
  name: string;
  handle: string;
  jobTitle: string;
  company: string | null;
  /** A LinkedIn slug for the person's route-served LinkedIn page. */
  linkedinSlug: string;
}

export function seededProfiles(dir: SeededDirectory, count: number, offset = 0): SeededProfile[] {
  const nameCount = new Map<string, number>();
  for (const p of dir.people) {
    const key = `${p.firstName} ${p.lastName}`.toLowerCase();
    nameCount.set(key, (nameCount.get(key) ?? 0) + 1);
  }
  const companyHandles = new Set(dir.companies.map((c) => c.twitterHandle?.toLowerCase()).filter(Boolean));
  const picked = dir.people.filter(
    (p) =>
      !p.id.startsWith('per_anchor_') &&
      p.companyId !== null &&
      nameCount.get(`${p.firstName} ${p.lastName}`.toLowerCase()) === 1 &&
      !companyHandles.has(p.twitterHandle.toLowerCase()),
  );
  if (picked.length < offset + count) throw new Error(`only ${picked.length} suitable seeded people, ${offset + count} wanted`);
  return picked.slice(offset, offset + count).map((p) => {
    const name = `${p.firstName} ${p.lastName}`;
    return {
      id: p.id,
      name,
      handle: p.twitterHandle,
      jobTitle: p.jobTitle,
      company: (p.companyId && dir.company(p.companyId)?.name) ?? null,
      linkedinSlug: `${name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}-${p.id.slice(-4)}`,
    };
  });
}

/** Nearest-rank percentile of a sample (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

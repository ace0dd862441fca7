/*
 * Sample bodies are synthetic: before the strict schema runs, rows that do not parse are dropped and what the
 * sample leaves out (`creditsCharged`: 0; search's `q`) is filled in, so a sample never fails the call over a
 * synthetic row and consumers get one type per endpoint.
 */
import type { z } from 'zod';

export interface SampleRepairPlan {
  /** Record arrays to filter, by key, with the schema a row must pass. */
  arrays: Readonly<Record<string, z.ZodType>>;
  /** The arrays sit under this key of the body (`/v1/people/{id}` nests them under `data`). */
  within?: string;
  /** Values for keys the sample left out. */
  defaults?: Readonly<Record<string, unknown>>;
}

/** A JSON object (not null, not an array): the one test every reader of an unknown body uses. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function filterRows(value: unknown, schema: z.ZodType): unknown[] {
  if (!Array.isArray(value)) return [];
  return value.filter((row) => schema.safeParse(row).success);
}

/** Returns a repaired copy; anything that is not an object is returned as-is for the strict parse to reject. */
export function repairSampleBody(raw: unknown, plan: SampleRepairPlan): unknown {
  if (!isRecord(raw)) return raw;
  const body: Record<string, unknown> = { ...plan.defaults, ...raw };

  if (isRecord(body.meta) && typeof body.meta.creditsCharged !== 'number') {
    body.meta = { ...body.meta, creditsCharged: 0 };
  }

  const holder: Record<string, unknown> | null =
    plan.within === undefined ? body : isRecord(body[plan.within]) ? { ...(body[plan.within] as Record<string, unknown>) } : null;
  if (holder === null) return body;
  for (const [key, schema] of Object.entries(plan.arrays)) holder[key] = filterRows(holder[key], schema);
  if (plan.within !== undefined) body[plan.within] = holder;

  return body;
}

/*
 * An X account as X knows it: its user id and every handle it was seen under. A handle is not a person
 * (handles are renamed, sold, reused); the id is. The known index and saved leads keep one per record,
 * learned from the page's follow control (lib/profile/x-page-hints.ts).
 */
import { z } from 'zod';
import { X_USER_ID } from '@/lib/profile/types';
import { bareXHandle } from '@/lib/profile/sites';

export const XAccountSchema = z.object({
  id: z.string().regex(X_USER_ID),
  /** Each handle the account was seen under and when it was first seen so, oldest first: the last is its handle now. */
  handles: z.array(z.object({ handle: z.string().max(100), at: z.number().finite().nonnegative() })).max(50),
});
export type XAccount = z.infer<typeof XAccountSchema>;
export type XHandleSeen = XAccount['handles'][number];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The account with `handle` as its handle now (appended when it changed; `at` is when it was first seen so). */
export function sawHandle(account: XAccount | null | undefined, id: string, handle: string, at: number): XAccount {
  const bare = bareXHandle(handle) ?? handle;
  // Another id is another account: its history is not this one's.
  const handles = account?.id === id ? account.handles : [];
  const last = handles[handles.length - 1];
  if (last && same(last.handle, bare)) return account!;
  return { id, handles: [...handles, { handle: bare, at }].slice(-50) };
}

/** The handle the account had before `handle` (the latest other one), for "formerly @old (seen Nov 12)". */
export function formerHandle(account: XAccount | null | undefined, handle: string): XHandleSeen | undefined {
  return account?.handles.filter((h) => !same(h.handle, handle)).at(-1);
}

/**
 * What the page's account is to a record bound to `bound`: `confirmed`, the bound id (or none yet: this one
 * is now its), with its former handle if renamed; `reused`, the handle now belongs to another account;
 * `unconfirmed`, the page shows no id (one's own profile, logged out): the handle alone names it.
 */
export type XIdentity =
  { kind: 'confirmed'; account: XAccount; formerly?: XHandleSeen } | { kind: 'reused'; seenAs: XHandleSeen } | { kind: 'unconfirmed' };

export function xIdentity(bound: XAccount | null | undefined, page: { handle: string; xId?: string | undefined }, now: number): XIdentity {
  if (!page.xId) return { kind: 'unconfirmed' };
  if (bound && bound.id !== page.xId) {
    const seenAs = bound.handles.filter((h) => same(h.handle, page.handle)).at(-1) ?? bound.handles.at(-1);
    return { kind: 'reused', seenAs: seenAs ?? { handle: page.handle, at: now } };
  }
  const formerly = formerHandle(bound, page.handle);
  return { kind: 'confirmed', account: sawHandle(bound, page.xId, page.handle, now), ...(formerly ? { formerly } : {}) };
}

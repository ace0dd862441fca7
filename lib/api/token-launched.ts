/*
 * `tokenLaunched` is three-state: null means nobody has checked, and must never be shown as "no token".
 */
import type { Project } from './schemas';

export type TokenLaunchedState = 'launched' | 'not-launched' | 'unknown';

/** Anything but a real boolean (null, absent, junk from an untyped caller) is 'unknown'. */
export function tokenLaunchedState(value: Pick<Project, 'tokenLaunched'> | boolean | null | undefined): TokenLaunchedState {
  const flag = typeof value === 'object' && value !== null ? value.tokenLaunched : value;
  if (flag === true) return 'launched';
  if (flag === false) return 'not-launched';
  return 'unknown';
}

/*
 * Reading the account identity from `/v1/me`.
 */
import type { Account, Scope } from './schemas';

/** Scopes are kept as plain strings so a new scope cannot break the key check; test membership here. */
export function hasScope(account: Pick<Account, 'apiKey'>, scope: Scope): boolean {
  return account.apiKey.scopes.includes(scope);
}

/** A reveal needs `read:contacts`; without it the server answers 403. */
export function canReveal(account: Pick<Account, 'apiKey'>): boolean {
  return hasScope(account, 'read:contacts');
}

import { describe, expect, it } from 'vitest';
import { apiError, errorForStatus, networkError, type ApiErrorKind } from './errors';

const NOW = 1_750_000_000_000;
const ctx = { reveal: false, retryAt: NOW + 30_000, now: NOW };

describe('errorForStatus', () => {
  it.each([
    [400, 'bad-request'],
    [401, 'unauthorized'],
    [402, 'payment-required'],
    [403, 'forbidden-scope'],
    [404, 'not-found'],
    [405, 'bad-request'],
    [422, 'bad-request'],
    [429, 'rate-limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [599, 'server'],
  ] as [number, ApiErrorKind][])('%d → %s', (status, kind) => {
    const error = errorForStatus(status, ctx);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it('keeps the server error text', () => {
    expect(errorForStatus(401, { ...ctx, serverError: 'Invalid API key' }).serverError).toBe('Invalid API key');
    expect('serverError' in errorForStatus(401, ctx)).toBe(false);
  });

  it('carries retryAt on 429 and says how long to wait', () => {
    const error = errorForStatus(429, ctx);
    expect(error).toMatchObject({ kind: 'rate-limited', retryAt: NOW + 30_000 });
    expect(error.message).toContain('30 s');
  });

  it.each([
    [true, 'read:contacts'],
    [false, 'scope'],
  ])('403 wording for reveal=%s mentions %s', (reveal, word) => {
    expect(errorForStatus(403, { ...ctx, reveal }).message).toContain(word);
  });

  it.each([
    [401, 'revoked'],
    [402, 'Out of credits'],
    [402, 'Top up'],
  ])('%d message says %j', (status, words) => {
    expect(errorForStatus(status, ctx).message).toContain(words);
  });

  // The client does not know what the paid path booked: an answered error claims nothing about charges.
  it.each([402, 500, 503, 504])('%d message makes no claim about charges', (status) => {
    expect(errorForStatus(status, ctx).message).not.toMatch(/charged/i);
  });
});

describe('networkError / apiError', () => {
  it.each([
    ['timeout', true],
    ['failed', undefined],
    ['aborted', undefined],
    ['body', undefined],
  ] as const)('%s → timeout %s', (cause, timeout) => {
    const error = networkError(cause);
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect('timeout' in error ? error.timeout : undefined).toBe(timeout);
  });

  it('an error nothing answered has status null; fields given as undefined are left out', () => {
    expect(apiError({ kind: 'unauthorized', cause: 'no-key' })).toEqual({
      kind: 'unauthorized',
      status: null,
      cause: 'no-key',
      message: expect.any(String),
    });
    expect('serverError' in apiError({ kind: 'server', status: 500, serverError: undefined })).toBe(false);
  });

  it('invalid-response carries the path', () => {
    expect(apiError({ kind: 'invalid-response', status: 200, path: 'data.0.id' })).toMatchObject({
      kind: 'invalid-response',
      status: 200,
      path: 'data.0.id',
    });
  });
});

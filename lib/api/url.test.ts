import { describe, expect, it } from 'vitest';
import { checkApiBase, resolveRequestUrl } from './api-origin-policy';
import { pathSegment } from './calls';

describe('checkApiBase: origin and prefix', () => {
  it.each([
    ['https://api.example.test', { ok: true, origin: 'https://api.example.test', prefix: '' }],
    ['https://api.example.test/', { ok: true, origin: 'https://api.example.test', prefix: '' }],
    ['  https://api.example.test/proxy/dir/?x=1#y ', { ok: true, origin: 'https://api.example.test', prefix: '/proxy/dir' }],
    ['http://127.0.0.1:8787', { ok: true, origin: 'http://127.0.0.1:8787', prefix: '' }],
    ['http://localhost:8787', { ok: true, origin: 'http://localhost:8787', prefix: '' }],
    ['http://api.example.test', { ok: false, problem: 'insecure' }],
    ['http://api-mirror.localhost:8787', { ok: false, problem: 'insecure' }],
    ['http://127.0.0.2:8787', { ok: false, problem: 'insecure' }],
    ['ftp://api.example.test', { ok: false, problem: 'invalid' }],
    ['javascript:alert(1)', { ok: false, problem: 'invalid' }],
    ['https://user:pw@api.example.test', { ok: false, problem: 'invalid' }],
    ['api.example.test', { ok: false, problem: 'invalid' }],
    ['', { ok: false, problem: 'invalid' }],
  ])('%j', (input, expected) => {
    expect(checkApiBase(input)).toMatchObject(expected);
  });
});

describe('pathSegment', () => {
  it.each([
    ['abc', 'abc'],
    [42, '42'],
    ['a b/c?d#e', 'a%20b%2Fc%3Fd%23e'],
    ['../../evil', '..%2F..%2Fevil'],
    ['//evil.test', '%2F%2Fevil.test'],
    ['https://evil.test', 'https%3A%2F%2Fevil.test'],
    ['@evil.test', '%40evil.test'],
    ['', null],
    ['  ', null],
    ['.', null],
    ['..', null],
    [Number.NaN, null],
    [undefined as unknown as string, null],
    [{} as unknown as string, null],
  ])('%j → %j', (input, expected) => {
    expect(pathSegment(input)).toBe(expected);
  });
});

describe('resolveRequestUrl', () => {
  const base = { origin: 'https://api.example.test', prefix: '' };
  it.each([
    ['/v1/people/abc', 'https://api.example.test/v1/people/abc'],
    ['/v1/people/..%2F..%2Fevil', 'https://api.example.test/v1/people/..%2F..%2Fevil'],
    ['/v1/people/../../x', null], // dot segments leave /v1/
    ['/v1/people/%2e%2e/%2e%2e/x', null],
    ['@evil.test/v1/x', null], // would become userinfo + another host
  ])('%s', (path, expected) => {
    expect(resolveRequestUrl(base, path)).toBe(expected);
  });

  it('keeps a path prefix', () => {
    expect(resolveRequestUrl({ origin: 'https://h.test', prefix: '/dir' }, '/v1/me')).toBe('https://h.test/dir/v1/me');
  });
});

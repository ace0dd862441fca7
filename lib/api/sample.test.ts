import { describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLE_NOTICE, detectSample, repairSampleBody } from './sample';
import { PersonSchema } from './schemas';
import { personJson } from '@/tests/support/records';

const live = { data: [], total: 0, page: 1, totalPages: 0, meta: { creditsCharged: 5, creditsBalance: 100 } };

describe('sample markers: any one alone means sample', () => {
  it.each([
    ['none (live)', {}, live, false],
    ['the header', { 'Service-Sample': 'true' }, live, true],
    ['the header, other case', { 'Service-Sample': ' TRUE ' }, live, true],
    ['the header set to false', { 'Service-Sample': 'false' }, live, false],
    ['top-level sample: true', {}, { ...live, sample: true }, true],
    ['top-level sample: false', {}, { ...live, sample: false }, false],
    ['meta.sample: true', {}, { ...live, meta: { ...live.meta, sample: true } }, true],
    ['a NOT REAL DATA notice', {}, { ...live, notice: 'NOT REAL DATA: balance 0 against a price of 5.' }, true],
    ['a NOT REAL DATA notice with leading space', {}, { ...live, notice: '  not real data — balance 0' }, true],
    ['a notice in meta', {}, { ...live, meta: { ...live.meta, notice: 'NOT REAL DATA' } }, true],
    ['an ordinary notice', {}, { ...live, notice: 'Maintenance tonight' }, false],
    ['a non-object body with the header', { 'Service-Sample': 'true' }, [1, 2], true],
  ])('%s → %s', (_label, headers, body, expected) => {
    expect(detectSample(new Headers(headers), body) !== null).toBe(expected);
  });

  it.each([
    ['NOT REAL DATA', true],
    ['Not Real Data: x', true],
    ['This is NOT REAL DATA', false],
    [42, false],
  ])('a notice %j → %s', (notice, expected) => {
    expect(detectSample(new Headers(), { ...live, notice }) !== null).toBe(expected);
  });
});

describe('SampleInfo', () => {
  it.each([
    ['required above balance', { creditsRequired: 5, creditsBalance: 2 }, 3],
    ['zero balance', { creditsRequired: 5, creditsBalance: 0 }, 5],
    ['balance already enough (min 0)', { creditsRequired: 5, creditsBalance: 9 }, 0],
    ['required unknown', { creditsBalance: 2 }, null],
    ['balance junk', { creditsRequired: 5, creditsBalance: 'two' }, null],
  ])('topUpNeeded with %s', (_label, meta, expected) => {
    expect(detectSample(new Headers(), { sample: true, meta })?.topUpNeeded).toBe(expected);
  });

  it('builds the full info from the spec sample shape', () => {
    const body = {
      notice: 'NOT REAL DATA: balance 2 < price 5',
      data: [],
      total: 0,
      sample: true,
      meta: { creditsCharged: 0, creditsBalance: 2, creditsRequired: 5, sample: true, upgradeUrl: 'https://app.example.test/pricing' },
    };
    expect(detectSample(new Headers(), body)).toEqual({
      notice: 'NOT REAL DATA: balance 2 < price 5',
      creditsRequired: 5,
      creditsBalance: 2,
      topUpNeeded: 3,
      upgradeUrl: 'https://app.example.test/pricing',
    });
  });

  it('uses a default notice and nulls when only the header marks it', () => {
    expect(detectSample(new Headers({ 'Service-Sample': 'true' }), live)).toEqual({
      notice: DEFAULT_SAMPLE_NOTICE,
      creditsRequired: null,
      creditsBalance: 100,
      topUpNeeded: null,
      upgradeUrl: null,
    });
  });
});

describe('repairSampleBody', () => {
  const plan = { arrays: { data: PersonSchema } };

  it('fills creditsCharged and drops rows that do not parse', () => {
    const repaired = repairSampleBody(
      {
        notice: 'NOT REAL DATA',
        data: [personJson(), { firstName: 'no id' }, personJson({ id: 'per_2' })],
        sample: true,
        meta: { creditsBalance: 0 },
      },
      plan,
    ) as { data: { id: string }[]; meta: unknown };
    expect(repaired.data.map((p) => p.id)).toEqual(['per_ada', 'per_2']);
    expect(repaired.meta).toEqual({ creditsCharged: 0, creditsBalance: 0 });
  });

  it.each([
    ['data not an array', { data: 'x', meta: { creditsBalance: 0 } }, { data: [] }],
    ['data missing', { meta: { creditsBalance: 0 } }, { data: [] }],
  ])('%s', (_label, body, expected) => {
    expect(repairSampleBody(body, plan)).toMatchObject(expected);
  });

  it('repairs arrays nested under a key', () => {
    const repaired = repairSampleBody(
      { data: { person: personJson(), coworkers: [{ nope: 1 }, personJson()] }, meta: { creditsBalance: 0 } },
      { arrays: { coworkers: PersonSchema }, within: 'data' },
    ) as { data: { coworkers: unknown[] } };
    expect(repaired.data.coworkers).toHaveLength(1);
  });

  it('fills defaults without overriding what arrived', () => {
    expect(repairSampleBody({ q: 'x' }, { arrays: {}, defaults: { q: 'asked' } })).toMatchObject({ q: 'x' });
    expect(repairSampleBody({}, { arrays: {}, defaults: { q: 'asked' } })).toMatchObject({ q: 'asked' });
  });

  it.each([[null], ['text'], [[1]]])('leaves a non-object %j alone', (raw) => {
    expect(repairSampleBody(raw, plan)).toEqual(raw);
  });
});

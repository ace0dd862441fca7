import { describe, expect, it } from 'vitest';
import { assertAnswer, isEnvelope, type Reply } from './envelope';

describe('isEnvelope', () => {
  it.each<[unknown, boolean]>([
    [{ type: 'getMeter' }, true],
    [{ type: 'search', data: { q: 'ada' } }, true],
    // A shape only: whether the type names a message is the listener's own-key check.
    [{ type: 'constructor' }, true],
    [{ type: 42 }, false],
    [{ data: {} }, false],
    ['getMeter', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (message, expected) => {
    expect(isEnvelope(message)).toBe(expected);
  });
});

describe('assertAnswer', () => {
  it.each<[string, Reply, unknown]>([
    ['a result', { res: { cleared: 2 } }, { cleared: 2 }],
    ['a void answer (JSON dropped `res: undefined`)', {}, undefined],
    ['a falsy result', { res: 0 }, 0],
  ])('%s passes, and its res is the result', (_label, reply, expected) => {
    assertAnswer(reply);
    expect(reply.res).toEqual(expected);
  });

  it.each<[string, Reply | null | undefined, string]>([
    ['an error reply', { err: { message: '"search" refused: invalid q' } }, '"search" refused: invalid q'],
    ['no reply', undefined, 'No response'],
    ['a null reply', null, 'No response'],
  ])('%s throws an Error with its message and no stack', (_label, reply, message) => {
    let thrown: unknown;
    try {
      assertAnswer(reply);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(message);
    expect((thrown as Error).stack).toBe('');
  });
});

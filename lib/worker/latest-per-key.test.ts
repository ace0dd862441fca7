import { describe, expect, it } from 'vitest';
import { LatestPerKey } from './latest-per-key';

const later = () => new Promise((r) => setTimeout(r, 5));

describe('LatestPerKey', () => {
  it('a storm of 50 tasks for one key runs the first and the last only', async () => {
    const q = new LatestPerKey<number>();
    const ran: number[] = [];
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        q.run(1, async () => {
          ran.push(i);
          await later();
          return i;
        }),
      ),
    );
    expect(ran).toEqual([0, 49]);
    expect(outcomes.filter((o) => !o.superseded)).toEqual([
      { superseded: false, value: 0 },
      { superseded: false, value: 49 },
    ]);
  });

  it('keys do not wait for each other', async () => {
    const q = new LatestPerKey<number>();
    const order: string[] = [];
    const slow = q.run(1, async () => {
      await new Promise((r) => setTimeout(r, 50));
      order.push('slow');
    });
    await q.run(2, async () => {
      order.push('fast');
    });
    await slow;
    expect(order).toEqual(['fast', 'slow']);
  });

  it('a failing task does not wedge its key', async () => {
    const q = new LatestPerKey<number>();
    const failed = await q.run(1, async () => {
      throw new Error('boom');
    });
    expect(failed).toEqual({ superseded: true });
    expect(await q.run(1, async () => 'ok')).toEqual({ superseded: false, value: 'ok' });
  });
});

import { describe, expect, it } from 'vitest';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { RevealStore, revealsCsv } from './reveals';

const AT = Date.UTC(2025, 0, 15, 10, 0, 0);

describe('RevealStore', () => {
  it('keeps reveals per account, newest first, and re-reads are free lookups', async () => {
    const store = new RevealStore(memoryKvStore());
    await store.recordReveal({
      accountId: 'a',
      personId: 'p1',
      name: 'Ada Quant',
      channels: { email: 'ada@x.io', telegram: '@ada' },
      at: AT,
      creditsCharged: 10,
    });
    await store.recordReveal({ accountId: 'a', personId: 'p2', name: 'Bo', channels: { email: null }, at: AT + 1, creditsCharged: 10 });
    await store.recordReveal({ accountId: 'b', personId: 'p1', name: 'Ada Quant', channels: {}, at: AT + 2, creditsCharged: 10 });
    expect((await store.reveals('a')).map((r) => r.personId)).toEqual(['p2', 'p1']);
    expect((await store.reveals('a')).find((r) => r.personId === 'p1')).toMatchObject({
      channels: { email: 'ada@x.io', telegram: '@ada' },
    });
    expect(await store.reveals('c')).toEqual([]);
  });

  it('a second record keeps the first date and cost, refreshes channels', async () => {
    const store = new RevealStore(memoryKvStore());
    await store.recordReveal({
      accountId: 'a',
      personId: 'p1',
      name: 'Ada',
      channels: { email: 'old@x.io', phone: '+1' },
      at: AT,
      creditsCharged: 10,
    });
    const merged = await store.recordReveal({
      accountId: 'a',
      personId: 'p1',
      name: 'Ada Quant',
      channels: { email: 'new@x.io' },
      at: AT + 99,
      creditsCharged: 5,
    });
    expect(merged).toEqual({
      accountId: 'a',
      personId: 'p1',
      name: 'Ada Quant',
      channels: { email: 'new@x.io', phone: '+1' },
      at: AT,
      creditsCharged: 10,
    });
  });

  it('exports CSV with known channel columns first, extras after, escaped', async () => {
    const store = new RevealStore(memoryKvStore());
    await store.recordReveal({
      accountId: 'a',
      personId: 'p1',
      name: 'Quant, "Ada"',
      title: 'Founder & CEO',
      company: 'QuantLayer',
      xHandle: 'AdaQuant',
      channels: { email: 'ada@x.io', phone: '+1 555', discord: 'ada#1' },
      at: AT,
      creditsCharged: 10,
    });
    const [header, row] = revealsCsv(await store.reveals('a')).split('\r\n');
    expect(header).toBe(
      '\uFEFFrevealedAt,accountId,personId,name,title,company,xHandle,email,phone,telegram,linkedinUrl,discord,creditsCharged',
    );
    // A spreadsheet output: the phone keeps its guard (CRM imports use the Leads page's presets instead).
    expect(row).toBe(`2025-01-15T10:00:00.000Z,a,p1,"Quant, ""Ada""",Founder & CEO,QuantLayer,AdaQuant,ada@x.io,'+1 555,,,ada#1,10`);
  });

  it('a re-read fills in title, company and handle on a record kept before they were; absent values never erase them', async () => {
    const store = new RevealStore(memoryKvStore());
    await store.recordReveal({ accountId: 'a', personId: 'p1', name: 'Ada', channels: { email: 'ada@x.io' }, at: AT, creditsCharged: 10 });
    const old = (await store.reveals('a'))[0]!;
    expect(old).not.toHaveProperty('title');
    // An older record exports blank cells in the new columns.
    expect(revealsCsv([old]).split('\r\n')[1]).toBe('2025-01-15T10:00:00.000Z,a,p1,Ada,,,,ada@x.io,,,,10');
    await store.recordReveal({
      accountId: 'a',
      personId: 'p1',
      name: 'Ada',
      title: 'CEO',
      company: 'QuantLayer',
      xHandle: 'AdaQuant',
      channels: {},
      at: AT + 5,
      creditsCharged: 0,
    });
    const again = await store.recordReveal({ accountId: 'a', personId: 'p1', name: 'Ada', channels: {}, at: AT + 9, creditsCharged: 0 });
    expect(again).toEqual({
      accountId: 'a',
      personId: 'p1',
      name: 'Ada',
      title: 'CEO',
      company: 'QuantLayer',
      xHandle: 'AdaQuant',
      channels: { email: 'ada@x.io' },
      at: AT,
      creditsCharged: 10,
    });
  });
});

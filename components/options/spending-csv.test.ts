import { describe, expect, it } from 'vitest';
import { ledgerCsv, type LedgerEntry } from '@/lib/credits/ledger';
import { revealsCsv, type RevealRecord } from '@/lib/credits/reveals';
import { csvFileName } from './spending-csv';

const t1 = new Date(2025, 10, 24, 9, 30).getTime();
const t2 = new Date(2025, 10, 25, 14, 0).getTime();

const entries: LedgerEntry[] = [
  {
    at: t2,
    accountId: 'acc_pro',
    endpoint: 'people.reveal',
    path: '/v1/people/per_ada',
    creditsCharged: 10,
    balanceAfter: 5985,
    sample: false,
    tabId: 3,
  },
  {
    at: t1,
    accountId: 'acc_pro',
    endpoint: 'search',
    path: '/v1/search',
    creditsCharged: 5,
    balanceAfter: 5995,
    sample: false,
    estimated: true,
  },
];

const reveals: RevealRecord[] = [
  {
    accountId: 'acc_pro',
    personId: 'per_mei',
    name: 'Mei Tanaka',
    title: 'CTO',
    company: 'Harborline',
    xHandle: 'meitanaka',
    channels: { email: 'mei@harborline.xyz', telegram: '@meitanaka', phone: null },
    at: t1,
    creditsCharged: 10,
  },
  {
    accountId: 'acc_pro',
    personId: 'per_ada',
    name: '=HYPERLINK("x")',
    channels: { email: 'ada@quantlayer.xyz', discord: 'ada#1' },
    at: t2,
    creditsCharged: 10,
  },
];

const lines = (csv: string) => csv.split('\r\n').filter(Boolean);

describe('spending CSV', () => {
  it('ledger: header, then one row per call, oldest first', () => {
    expect(lines(ledgerCsv(entries))).toEqual([
      '\uFEFFat,day,accountId,endpoint,path,creditsCharged,balanceAfter,sample,estimated,note,tabId,profileKey',
      `${new Date(t1).toISOString()},2025-11-24,acc_pro,search,/v1/search,5,5995,false,true,may have been charged,,`,
      `${new Date(t2).toISOString()},2025-11-25,acc_pro,people.reveal,/v1/people/per_ada,10,5985,false,false,,3,`,
    ]);
  });

  it('reveals: newest first, title, company and handle (blank for older records), known channels then extra ones, formula-like text (=, @) defused', () => {
    expect(lines(revealsCsv(reveals))).toEqual([
      '\uFEFFrevealedAt,accountId,personId,name,title,company,xHandle,email,phone,telegram,linkedinUrl,discord,creditsCharged',
      `${new Date(t2).toISOString()},acc_pro,per_ada,"'=HYPERLINK(""x"")",,,,ada@quantlayer.xyz,,,,ada#1,10`,
      `${new Date(t1).toISOString()},acc_pro,per_mei,Mei Tanaka,CTO,Harborline,meitanaka,mei@harborline.xyz,,'@meitanaka,,,10`,
    ]);
  });

  it('empty exports still have their header', () => {
    expect(ledgerCsv([])).toBe(
      '\uFEFFat,day,accountId,endpoint,path,creditsCharged,balanceAfter,sample,estimated,note,tabId,profileKey\r\n',
    );
    expect(lines(revealsCsv([]))).toHaveLength(1);
  });

  it('names files by kind and local day', () => {
    expect(csvFileName('revealed-contacts', t1)).toBe('crypto-directory-revealed-contacts-2025-11-24.csv');
    expect(csvFileName('spending', t2)).toBe('crypto-directory-spending-2025-11-25.csv');
  });
});

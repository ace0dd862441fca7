import { describe, expect, it } from 'vitest';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { DEFAULT_TEMPLATES } from '@/lib/settings/outreach-settings';
import { testLeadStore } from '@/tests/support/test-leads';
import { draftMessage, fillTemplate, touchFor } from './outreach';
import type { LeadStatus } from './lead';

describe('fillTemplate', () => {
  it.each([
    ['Hi {firstName}, {myName} here.', { firstName: 'Ada', myName: 'Sam' }, 'Hi Ada, Sam here.'],
    // An empty value leaves no stray space before punctuation, nor a double space.
    ['Hi {firstName}, how is {company}?', { firstName: '', company: 'QuantLayer' }, 'Hi, how is QuantLayer?'],
    ['Hi {firstName} from {company} !', { firstName: null, company: undefined }, 'Hi from!'],
    // An unknown variable stays as written: the rep sees it in the draft and fixes the template.
    ['Hi {nickname}', { firstName: 'Ada' }, 'Hi {nickname}'],
    ['{title} at {company}', { title: ' Head of BD ', company: 'Acme' }, 'Head of BD at Acme'],
    ['Line one\n  {name}  \nLine three', { name: 'Ada Quant' }, 'Line one\nAda Quant\nLine three'],
    // A value is text, never a template: braces in a company name are not read again.
    ['Hi {company}', { company: '{myName}' }, 'Hi {myName}'],
    // A signature line whose values are missing goes; one half missing leaves no stray comma.
    ['Hi {firstName}.\n\n{myName}, {myCompany}', { firstName: 'Ada' }, 'Hi Ada.'],
    ['Hi.\n\n{myName}, {myCompany}', { myName: 'Sam' }, 'Hi.\n\nSam'],
    ['Hi.\n\n{myName}, {myCompany}', { myCompany: 'Nordwind' }, 'Hi.\n\nNordwind'],
    ['Hi.\n— {myName}', {}, 'Hi.'],
    // A line without variables is the rep's own text, kept as written.
    ['Hi.\n--\nSam', {}, 'Hi.\n--\nSam'],
  ])('%j with %j → %j', (template, values, expected) => {
    expect(fillTemplate(template, values)).toBe(expected);
  });

  it('the default intro reads as a sentence with every variable filled', () => {
    const draft = draftMessage(DEFAULT_TEMPLATES[0]!, { firstName: 'Ada', company: 'QuantLayer', myName: 'Sam', myCompany: 'Nordwind' });
    expect(draft.subject).toBe('QuantLayer × Nordwind');
    expect(draft.body).toMatch(/^Hi Ada, I follow what QuantLayer is building.*\n\nSam, Nordwind$/s);
    // Before the rep says who they are, it still reads as a message.
    expect(draftMessage(DEFAULT_TEMPLATES[0]!, { firstName: 'Ada', company: 'QuantLayer' }).body).toMatch(/this week\?$/);
  });
});

describe('touchFor', () => {
  it.each<[LeadStatus | null, LeadStatus | null]>([
    [null, 'contacted'], // not a lead yet: saved first, then Contacted
    ['new', 'contacted'],
    ['contacted', 'contacted'],
    ['not-now', 'contacted'],
    ['replied', 'replied'],
    ['meeting', 'meeting'],
    ['won', 'won'],
    ['do-not-contact', null],
  ])('a lead in %s → %s', (status, expected) => {
    const touch = touchFor(status ? { status } : null, 'telegram', '2026-11-27', 3);
    expect(touch?.status ?? null).toBe(expected);
  });

  it.each([
    ['telegram', '2026-11-27', 3, '2026-11-30', 'Messaged on Telegram'],
    ['email', '2026-12-30', 7, '2027-01-06', 'Emailed'],
    ['email', '2026-03-28', 1, '2026-03-29', 'Emailed'],
  ] as const)('%s on %s, follow up in %d days → %s, note %j', (channel, today, days, followUpOn, note) => {
    expect(touchFor({ status: 'new' }, channel, today, days)).toEqual({ status: 'contacted', followUpOn, note });
  });
});

describe('LeadStore.recordTouch / undoTouch', () => {
  const person = PersonSchema.parse({
    id: 'p1',
    firstName: 'Ada',
    lastName: 'Quant',
    company: ProjectSchema.parse({ id: 'c', name: 'QuantLayer' }),
  });

  it('records note, status and follow-up in one write, and Undo puts back exactly what was there', async () => {
    let now = 1_000;
    const leads = testLeadStore(() => now);
    await leads.save({ person, organization: null, accountId: 'acc', savedFrom: null });
    await leads.update('p1', { status: 'not-now', followUpOn: '2026-12-24' });
    await leads.addNote('p1', 'Met at Devcon');
    const before = await leads.get('p1');
    now = 5_000;
    const done = await leads.recordTouch('p1', touchFor(before!, 'telegram', '2026-11-27', 3)!, false);
    expect(done?.lead).toMatchObject({ status: 'contacted', statusAt: 5_000, followUpOn: '2026-11-30', updatedAt: 5_000 });
    expect(done?.lead.notes.map((n) => [n.text, n.at])).toEqual([
      ['Met at Devcon', 1_000],
      ['Messaged on Telegram', 5_000],
    ]);
    await leads.undoTouch(done!.undo);
    expect(await leads.get('p1')).toMatchObject({
      status: 'not-now',
      statusAt: before!.statusAt,
      followUpOn: '2026-12-24',
      notes: before!.notes,
    });
  });

  it('Undo of a touch that saved the person removes the lead again; no lead, nothing recorded', async () => {
    const leads = testLeadStore();
    expect(await leads.recordTouch('p1', touchFor(null, 'email', '2026-11-27', 3)!, true)).toBeUndefined();
    await leads.save({ person, organization: null, accountId: 'acc', savedFrom: null });
    const done = await leads.recordTouch('p1', touchFor(null, 'email', '2026-11-27', 3)!, true);
    await leads.undoTouch(done!.undo);
    expect(await leads.get('p1')).toBeUndefined();
  });
});

describe('LeadStore.outreach', () => {
  it('defaults until saved; a save is parsed, kept with the leads and read back', async () => {
    const leads = testLeadStore();
    expect(await leads.outreach()).toEqual({ myName: '', myCompany: '', followUpDays: 3, templates: DEFAULT_TEMPLATES });
    const saved = await leads.saveOutreach({ myName: ' Sam ', myCompany: 'Nordwind', followUpDays: 99, templates: [] });
    expect(saved).toMatchObject({ myName: ' Sam ', followUpDays: 60, templates: DEFAULT_TEMPLATES });
    expect(await leads.outreach()).toEqual(saved);
    expect(await leads.db.prefs.toArray()).toEqual([{ key: 'outreach', value: saved }]);
  });

  it('a broken stored value reads as the defaults, never as an error', async () => {
    const leads = testLeadStore();
    await leads.db.prefs.put({ key: 'outreach', value: 'not an object' });
    expect((await leads.outreach()).templates).toEqual(DEFAULT_TEMPLATES);
  });
});

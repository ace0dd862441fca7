import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, OutreachSettingsSchema, TEMPLATE_LIMITS } from './outreach-settings';

const outreach = (value: unknown) => OutreachSettingsSchema.parse(value);

describe('outreach settings', () => {
  it('defaults: no name yet, follow up in 3 days, the default templates', () => {
    expect(outreach(undefined)).toEqual({ myName: '', myCompany: '', followUpDays: 3, templates: DEFAULT_TEMPLATES });
  });

  it.each([
    [{ followUpDays: 0 }, 'followUpDays', 1],
    [{ followUpDays: 400 }, 'followUpDays', 60],
    [{ followUpDays: 6.6 }, 'followUpDays', 7],
    [{ followUpDays: '5' }, 'followUpDays', 3],
    [{ myName: 'Sam Rivera' }, 'myName', 'Sam Rivera'],
    [{ myName: 42 }, 'myName', ''],
    [{ myCompany: 'x'.repeat(200) }, 'myCompany', 'x'.repeat(TEMPLATE_LIMITS.who)],
  ])('%j → %s %j', (value, field, expected) => {
    expect(outreach(value)[field as 'myName']).toEqual(expected);
  });

  it.each([
    null,
    'templates',
    [],
    { templates: 'x' },
    { templates: [] },
    { templates: [{ id: 'a', name: 'A', subject: '', body: '   ' }] },
  ])('no readable template (%j) gives the defaults back', (value) => {
    expect(outreach(value).templates).toEqual(DEFAULT_TEMPLATES);
  });

  it('keeps the readable templates in order, drops the broken ones, at most the limit', () => {
    const good = (id: string) => ({ id, name: id, subject: 's', body: `Hi {firstName} (${id})` });
    const list = [good('a'), { id: 'b' }, 7, good('c'), ...Array.from({ length: 10 }, (_, i) => good(`n${i}`))];
    const templates = outreach({ templates: list }).templates;
    expect(templates.map((t) => t.id)).toEqual(['a', 'c', 'n0', 'n1', 'n2', 'n3'].slice(0, TEMPLATE_LIMITS.count));
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TEMPLATES, OutreachSettingsSchema, type OutreachSettings } from '@/lib/settings/outreach-settings';
import { OutreachSection } from './outreach-section';

const stored = OutreachSettingsSchema.parse({});

describe('OutreachSection', () => {
  it('edits a draft and saves the whole outreach part once, parsed back to what a card reads', async () => {
    const onSave = vi.fn(async (_outreach: OutreachSettings) => true);
    const { rerender } = render(<OutreachSection outreach={stored} onSave={onSave} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Sam Rivera');
    await user.type(screen.getByRole('textbox', { name: 'Your company' }), 'Nordwind');
    await user.clear(screen.getByRole('spinbutton', { name: 'Follow up after a message (days)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Follow up after a message (days)' }), '5');
    const [first] = screen.getAllByRole('group', { name: /^Template/ });
    await user.clear(within(first!).getByRole('textbox', { name: 'Message' }));
    await user.type(within(first!).getByRole('textbox', { name: 'Message' }), 'Hey {{firstName}, {{myName} here');
    expect(screen.getByLabelText('Preview')).toHaveTextContent('Hey Ada, Sam Rivera here');
    expect(screen.getByRole('status')).toHaveTextContent('Not saved yet.');
    await user.click(screen.getByRole('button', { name: 'Save outreach' }));
    expect(onSave).toHaveBeenCalledOnce();
    const saved = OutreachSettingsSchema.parse(vi.mocked(onSave).mock.calls[0]![0]);
    expect(saved).toMatchObject({ myName: 'Sam Rivera', myCompany: 'Nordwind', followUpDays: 5 });
    expect(saved.templates[0]!.body).toBe('Hey {firstName}, {myName} here');
    // Storage delivers the value written: the form starts from it, and the line says it was saved.
    rerender(<OutreachSection outreach={saved} onSave={onSave} />);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Saved at /);
  });

  it('adds and removes templates, and restores the defaults', async () => {
    const onSave = vi.fn(async (_outreach: OutreachSettings) => true);
    render(<OutreachSection outreach={stored} onSave={onSave} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    expect(screen.getAllByRole('group', { name: /^Template/ })).toHaveLength(DEFAULT_TEMPLATES.length + 1);
    await user.click(screen.getByRole('button', { name: 'Remove template Intro' }));
    expect(screen.getAllByRole('textbox', { name: 'Template name' }).map((i) => (i as HTMLInputElement).value)).toEqual([
      'Follow-up',
      'New template',
    ]);
    await user.click(screen.getByRole('button', { name: 'Restore default templates' }));
    expect(screen.getAllByRole('textbox', { name: 'Template name' }).map((i) => (i as HTMLInputElement).value)).toEqual(
      DEFAULT_TEMPLATES.map((t) => t.name),
    );
  });

  it('asks for the rep’s name and company while they are empty', () => {
    render(<OutreachSection outreach={stored} onSave={vi.fn()} />);
    expect(screen.getByRole('note')).toHaveTextContent('Fill in your name and company');
  });
});

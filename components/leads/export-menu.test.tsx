import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExportMenu } from './export-menu';

const LABELS = ['HubSpot CSV', 'Salesforce CSV', 'Pipedrive CSV', 'CSV (all fields)', 'vCard', 'Copy for Google Sheets'];

function renderMenu(disabled = false) {
  const onExport = vi.fn();
  render(
    <>
      <ExportMenu scope="the 2 leads selected" disabled={disabled} onExport={onExport} />
      <button type="button">elsewhere</button>
    </>,
  );
  return { onExport, user: userEvent.setup(), button: screen.getByRole('button', { name: 'Export' }) };
}

describe('ExportMenu', () => {
  it('discloses the six outputs; the CRM presets are described as for import only', async () => {
    const { user, button } = renderMenu();
    expect(screen.queryByRole('button', { name: 'vCard' })).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const label of LABELS) expect(screen.getByRole('button', { name: label })).toBeVisible();
    for (const label of LABELS.slice(0, 3))
      expect(screen.getByRole('button', { name: label })).toHaveAccessibleDescription('for import, not for opening in a spreadsheet');
    for (const label of LABELS.slice(3)) expect(screen.getByRole('button', { name: label })).not.toHaveAccessibleDescription();
    expect(screen.getByText(/^Exports the 2 leads selected\./)).toBeVisible();
  });

  it('choosing one closes the list, gives focus back to Export and exports that kind', async () => {
    const { user, button, onExport } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Pipedrive CSV' }));
    expect(onExport).toHaveBeenCalledWith(expect.objectContaining({ id: 'pipedrive', label: 'Pipedrive CSV', output: 'crm' }));
    expect(screen.queryByRole('button', { name: 'vCard' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('Escape closes it with focus on Export; leaving it closes it', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('button', { name: 'HubSpot CSV' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('button', { name: 'vCard' })).toBeNull();
  });

  it('with nothing to export it does not open', async () => {
    const { user, button } = renderMenu(true);
    await user.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'vCard' })).toBeNull();
  });
});

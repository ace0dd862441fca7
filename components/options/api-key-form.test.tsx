import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiKeyForm, type ApiKeyFormProps } from './api-key-form';

function setup(over: Partial<ApiKeyFormProps> = {}) {
  const props: ApiKeyFormProps = { baseUrl: 'http://127.0.0.1:8787', hasKey: false, onSave: vi.fn(), onRemove: vi.fn(), ...over };
  const view = render(<ApiKeyForm {...props} />);
  return { props, ...view };
}

const keyField = () => screen.getByLabelText('API key') as HTMLInputElement;
const urlField = () => screen.getByLabelText('API base URL') as HTMLInputElement;

describe('ApiKeyForm', () => {
  it('puts the key first with "Get a key" guidance; the base URL is folded under a closed "Advanced"', () => {
    setup();
    expect(keyField().compareDocumentPosition(urlField()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Get a key' }).textContent).toMatch(/Settings → API/);
    const advanced = urlField().closest('details')!;
    expect(advanced.querySelector('summary')?.textContent).toBe('Advanced');
    expect(advanced.open).toBe(false);
  });

  it('with a key saved, the guidance is gone', () => {
    setup({ hasKey: true, storedKeyPrefix: 'test_p…' });
    expect(screen.queryByRole('note', { name: 'Get a key' })).toBeNull();
  });

  it('opens "Advanced" when the base URL is what is wrong', async () => {
    const user = userEvent.setup();
    setup({ baseUrl: 'ftp://example.com' });
    await user.click(keyField());
    await user.paste('test_pro');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(urlField().closest('details')!.open).toBe(true);
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
  });

  it('is a password field with show/hide, and the base URL is prefilled', async () => {
    const user = userEvent.setup();
    setup();
    expect(keyField().type).toBe('password');
    expect(urlField().value).toBe('http://127.0.0.1:8787');
    const toggle = screen.getByRole('button', { name: 'Show key' });
    await user.click(toggle);
    expect(keyField().type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(keyField().type).toBe('password');
  });

  it('accepts a pasted key and saves key and URL once', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    await user.click(keyField());
    await user.paste('  test_pro \n');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith({ apiKey: 'test_pro', baseUrl: 'http://127.0.0.1:8787' });
  });

  it('refuses plain http to another host, with a clear message', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    await user.clear(urlField());
    await user.type(urlField(), 'http://api.directory.example');
    await user.type(keyField(), 'test_pro{Enter}');
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Plain http:\/\/ is refused.*https:\/\//);
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
  });

  it('accepts https and drops a trailing slash', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    await user.clear(urlField());
    await user.type(urlField(), 'https://api.directory.example/');
    await user.type(keyField(), 'k_live_1{Enter}');
    expect(props.onSave).toHaveBeenCalledExactlyOnceWith({ apiKey: 'k_live_1', baseUrl: 'https://api.directory.example' });
  });

  it('asks for the key before saving', async () => {
    const user = userEvent.setup();
    const { props } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(props.onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/Paste the API key first/);
  });

  it('shows the outcome message: errors as an alert, success as status', () => {
    const { rerender, props } = setup({ message: { tone: 'error', text: 'The API key is wrong or revoked. The key was not saved.' } });
    expect(screen.getByRole('alert').textContent).toMatch(/wrong or revoked/);
    rerender(<ApiKeyForm {...props} message={{ tone: 'success', text: 'Key saved.' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Key saved.');
  });

  it('offers "Remove key" only when a key is stored', async () => {
    const user = userEvent.setup();
    const { props, rerender } = setup();
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
    rerender(<ApiKeyForm {...props} hasKey storedKeyPrefix="test_p…" />);
    expect(keyField().placeholder).toContain('test_p…');
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    expect(props.onRemove).toHaveBeenCalledTimes(1);
  });

  it('takes the stored base URL when it arrives after the first render, unless edited', async () => {
    const user = userEvent.setup();
    const { props, rerender } = setup({ baseUrl: '' });
    rerender(<ApiKeyForm {...props} baseUrl="https://api.directory.example" />);
    expect(urlField().value).toBe('https://api.directory.example');
    await user.type(urlField(), '/v2');
    rerender(<ApiKeyForm {...props} baseUrl="https://other.example" />);
    expect(urlField().value).toBe('https://api.directory.example/v2');
  });
});

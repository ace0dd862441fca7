/*
 * The fields of the options page's Connection form (components/options/api-key-form.tsx): the API key
 * with "Show key", and the API base URL folded under "Advanced" (for the rare team on another host).
 */
import { useState } from 'react';
import { LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';

export interface ApiKeyFieldProps {
  apiKey: string;
  onApiKey: (key: string) => void;
  placeholder: string;
  invalid: boolean;
}

export function ApiKeyField({ apiKey, onApiKey, placeholder, invalid }: ApiKeyFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor="api-key">API key</label>
      <div className="inline">
        <input
          id="api-key"
          type={shown ? 'text' : 'password'}
          value={apiKey}
          onChange={(e) => onApiKey(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-invalid={invalid ? true : undefined}
          aria-describedby="api-key-help"
        />
        <button type="button" className="btn" aria-pressed={shown} aria-controls="api-key" onClick={() => setShown((s) => !s)}>
          Show key
        </button>
      </div>
      <p id="api-key-help" className="help">
        Checked with a free call (0 credits) before it is kept. It stays in the extension and is only sent to the API.
      </p>
    </div>
  );
}

export interface BaseUrlFieldProps {
  /** "Advanced" unfolded (the form opens it when the URL is the problem). */
  open: boolean;
  onToggle: (open: boolean) => void;
  baseUrl: string;
  onBaseUrl: (url: string) => void;
  invalid: boolean;
}

export function BaseUrlField({ open, onToggle, baseUrl, onBaseUrl, invalid }: BaseUrlFieldProps) {
  return (
    <details className="advanced" open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>Advanced</summary>
      <div className="field">
        <label htmlFor="api-base-url">API base URL</label>
        <input
          id="api-base-url"
          type="url"
          value={baseUrl}
          onChange={(e) => onBaseUrl(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby="api-base-url-help"
        />
        <p id="api-base-url-help" className="help">
          Leave as it is unless your team uses another API host. The API host, not the web app. https:// (the browser asks once for access)
          {LOOPBACK_ALLOWED ? '; plain http only for the local emulator at 127.0.0.1 or localhost.' : '.'}
        </p>
      </div>
    </details>
  );
}

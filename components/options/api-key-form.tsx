import { useState, type FormEvent } from 'react';
import { checkBaseUrl } from './base-url-check';
import { LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import { safeText } from '@/lib/text/safe-text';

/** The outcome of a save or removal, in plain words. */
export interface FormMessage {
  tone: 'error' | 'success' | 'info';
  text: string;
}

export interface ApiKeyFormProps {
  /** The current API base URL setting (or the build default). */
  baseUrl: string;
  /** A key is stored (the field itself never shows it). */
  hasKey: boolean;
  /** Display prefix of the stored key, e.g. "test_p…". */
  storedKeyPrefix?: string | null;
  /** A save or removal is in flight. */
  busy?: boolean;
  /** The outcome of the last save/remove, in plain words. */
  message?: FormMessage | null;
  /** Called straight from the submit event (a user gesture: the host permission is requested in it). */
  onSave: (input: { apiKey: string; baseUrl: string }) => void;
  onRemove: () => void;
  /** "Get a key" guidance while no key is saved (the welcome page says it in its own steps). */
  guidance?: boolean;
}

/**
 * The API key first (with where to get one), the base URL under "Advanced". Saving checks the key with
 * GET /v1/me (0 credits) before it is stored.
 */
export function ApiKeyForm(props: ApiKeyFormProps) {
  const { baseUrl: initialBaseUrl, hasKey, storedKeyPrefix, busy = false, message, onSave, onRemove, guidance = true } = props;
  const [apiKey, setApiKey] = useState('');
  // The stored setting arrives after the first render: shown until the user types one (null: not typed).
  const [typedBaseUrl, setBaseUrl] = useState<string | null>(null);
  const baseUrl = typedBaseUrl ?? initialBaseUrl;
  const [problem, setProblem] = useState<{ field: 'key' | 'url'; text: string } | null>(null);
  // The base URL is for the rare team on another host: folded away, and opened when it is the problem.
  const [advancedOpen, setAdvancedOpen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const key = apiKey.trim();
    if (!key) {
      setProblem({ field: 'key', text: 'Paste the API key first (web app → Settings → API).' });
      return;
    }
    const url = checkBaseUrl(baseUrl);
    if (!url.ok) {
      setAdvancedOpen(true);
      setProblem({ field: 'url', text: url.message });
      return;
    }
    setProblem(null);
    onSave({ apiKey: key, baseUrl: url.baseUrl });
  }

  const prefix = safeText(storedKeyPrefix);
  const shownMessage: FormMessage | null = problem ? { tone: 'error', text: problem.text } : (message ?? null);

  return (
    <section aria-labelledby="key-heading" className="card">
      <h2 id="key-heading">Connection</h2>
      <form onSubmit={submit} noValidate>
        <ApiKeyField
          apiKey={apiKey}
          onApiKey={setApiKey}
          placeholder={hasKey ? `Saved${prefix ? ` (${prefix})` : ''}: paste a new key to replace it` : 'Paste your key'}
          invalid={problem?.field === 'key'}
        />
        {!hasKey && guidance && (
          <div className="get-key" role="note" aria-label="Get a key">
            <strong>Get a key:</strong> sign in to the Directory web app, open <strong>Settings → API</strong>, generate a key, give it a
            label and copy it (it is shown only once), then paste it above.
          </div>
        )}
        <details className="advanced" open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
          <summary>Advanced</summary>
          <div className="field">
            <label htmlFor="api-base-url">API base URL</label>
            <input
              id="api-base-url"
              type="url"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={problem?.field === 'url' ? true : undefined}
              aria-describedby="api-base-url-help"
            />
            <p id="api-base-url-help" className="help">
              Leave as it is unless your team uses another API host. The API host, not the web app. https:// (the browser asks once for
              access)
              {LOOPBACK_ALLOWED ? '; plain http only for the local emulator at 127.0.0.1 or localhost.' : '.'}
            </p>
          </div>
        </details>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save
          </button>
          {hasKey && (
            <button type="button" className="btn" disabled={busy} onClick={onRemove}>
              Remove key
            </button>
          )}
        </div>
        {hasKey && (
          <p className="help">Remove key forgets the key and this account's cached answers (looking them up again costs credits).</p>
        )}
      </form>
      <FormOutcome progress={busy ? 'Checking the key (free call, 0 credits)…' : null} message={shownMessage} />
    </section>
  );
}

/** A form's outcome: `progress` or a success in the polite status line, an error as an alert (once nothing is in progress). */
export function FormOutcome({ progress, message }: { progress: string | null; message: { tone: string; text: string } | null }) {
  const error = message?.tone === 'error' ? message.text : null;
  return (
    <>
      <p role="status" className={message && !error ? `message message-${message.tone}` : 'message'}>
        {progress ?? (error ? '' : message?.text)}
      </p>
      {!progress && error && (
        <p role="alert" className="message message-error">
          {error}
        </p>
      )}
    </>
  );
}

/** The API key with "Show key" (the field never shows the stored key). */
type ApiKeyFieldProps = { apiKey: string; onApiKey: (key: string) => void; placeholder: string; invalid: boolean };

function ApiKeyField({ apiKey, onApiKey, placeholder, invalid }: ApiKeyFieldProps) {
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

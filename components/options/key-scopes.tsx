import { SafeText } from '@/components/shared/safe-text';

const SCOPE_MEANINGS: Readonly<Record<string, string>> = {
  'read:metadata': 'profile cards, searches and details',
  'read:contacts': 'revealing contact channels (email, phone, Telegram, LinkedIn)',
};

/** The key's scopes, and what a missing read:contacts means. */
export function KeyScopes({ scopes }: { scopes: readonly string[] }) {
  const canReveal = scopes.includes('read:contacts');
  return (
    <div className="key-scopes">
      <h4 id="scopes-heading">Scopes</h4>
      {scopes.length === 0 ? (
        <p>None reported.</p>
      ) : (
        <ul aria-labelledby="scopes-heading">
          {scopes.map((scope) => (
            <li key={scope}>
              <code>
                <SafeText text={scope} />
              </code>
              {SCOPE_MEANINGS[scope] && ` — ${SCOPE_MEANINGS[scope]}`}
            </li>
          ))}
        </ul>
      )}
      {!canReveal && (
        <p className="notice notice--warn" role="note" aria-label="Missing read:contacts">
          This key lacks <code>read:contacts</code>: profile cards and searches work, but reveals are refused. To reveal contact channels,
          create a key with contact access in the web app (Settings → API) and save it here.
        </p>
      )}
    </div>
  );
}

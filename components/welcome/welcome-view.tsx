import { creditsLabel } from '@/lib/messages/texts';
import type { ReactNode } from 'react';
import { SafeText } from '@/components/shared/safe-text';
import type { Account } from '@/lib/api';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { PRIVACY_PAGE } from '@/lib/privacy/privacy-page';
import { FIND_PROSPECTS } from '@/lib/prospect/prospect-page';

export interface WelcomeViewProps {
  /** The account, once a key was checked and saved: the page turns into "done". */
  connected: Pick<Account, 'name' | 'email' | 'tier' | 'creditsBalance' | 'sampleMode'> | null;
  /** The key form (the options page's own, so both pages check and save a key the same way). */
  children: ReactNode;
  onOpenOptions: () => void;
  /** Open "Find prospects" in a tab, offered once the key works (absent: no button). */
  onOpenProspects?: () => void;
  /** What a lookup (a search) and a first reveal cost: the meter's prices, the spec's before an account is known. */
  prices: Pick<Prices, 'search' | 'reveal'>;
}

const fmt = new Intl.NumberFormat('en-US');

/** The first-run page: what a key is, where it is minted, paste, check for free, done — on one screen. */
export function WelcomeView({ connected, children, onOpenOptions, onOpenProspects, prices }: WelcomeViewProps) {
  const who = connected && (connected.name || connected.email);
  return (
    <main className="options welcome">
      <h1>Welcome to Crypto Directory</h1>
      <p>
        The extension shows who is on screen on X and LinkedIn: crypto people, projects and funds. It needs one thing from you: an{' '}
        <strong>API key</strong>.
      </p>
      <ol className="welcome-steps">
        <li>
          <strong>What a key is.</strong> A key connects the extension to your Directory account: lookups are paid with that account's
          credits (a lookup costs {creditsLabel(prices.search)}, revealing a contact up to {prices.reveal}). It stays inside the extension
          and is only sent to the API (what is stored and what is sent:{' '}
          <a className="inline-link" href={PRIVACY_PAGE}>
            Privacy
          </a>
          ).
        </li>
        <li>
          <strong>Where to get one.</strong> Sign in to the Directory web app, open <strong>Settings → API</strong>, generate a key, give it
          a label and copy it — the full key is shown only once.
        </li>
        <li>
          <strong>Paste it below and save.</strong> The key is checked with a free call (0 credits) before it is kept.
        </li>
      </ol>
      <section aria-labelledby="reach-heading" className="card welcome-reach">
        <h2 id="reach-heading">Keep it one click away</h2>
        <ul>
          <li>
            <strong>Pin the icon:</strong> click the puzzle-piece <em>Extensions</em> button at the right of the address bar, then the pin
            next to Crypto Directory. Its popup names the person on the tab you are on.
          </li>
          <li>
            <strong>Or use the shortcut:</strong> <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>D</kbd> opens the side panel on any page.
          </li>
          <li>
            While the side panel is open, each new profile you visit is looked up by itself: {creditsLabel(prices.search)} (nothing for a
            profile already known). To look up only when you click, change “Look up profiles automatically” in the settings.
          </li>
        </ul>
      </section>
      {connected ? (
        <section aria-labelledby="done-heading" className="card welcome-done">
          <h2 id="done-heading">Done: the key works</h2>
          <p role="status">
            Connected
            {who && (
              <>
                {' '}
                as <SafeText text={who} />
              </>
            )}
            {connected.tier && (
              <>
                {' '}
                (<SafeText text={connected.tier} />)
              </>
            )}
            : {fmt.format(connected.creditsBalance)} credits.
            {connected.sampleMode && ' This account is in sample mode: answers are synthetic until it is upgraded.'}
          </p>
          <p>
            Open a profile on X or LinkedIn and press <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>D</kbd> (or click the toolbar icon) to see who it
            is. You can close this tab.
          </p>
          <p className="welcome-next">
            {onOpenProspects && (
              <button type="button" className="btn" onClick={onOpenProspects}>
                {FIND_PROSPECTS}
              </button>
            )}
            <button type="button" className="btn" onClick={onOpenOptions}>
              Budget and other settings
            </button>
          </p>
        </section>
      ) : (
        children
      )}
    </main>
  );
}

import { ApiKeyForm } from '@/components/options/api-key-form';
import { WelcomeView } from '@/components/welcome/welcome-view';
import { useAccount } from '@/hooks/use-account';
import { useStorageValue } from '@/hooks/use-storage-value';
import { meterItem } from '@/lib/tab-state/items';
import { pricesOf } from '@/lib/tab-state/meter-prices';
import { openProspectPage } from '@/lib/prospect/prospect-page';

const NO_ANSWER = "The extension's background is not answering. Reload the extension and open this page again.";

/** First-run page (opened once on install): the options page's key form and Save flow, on one screen. */
export function WelcomeApp() {
  // The options page's key session; this page only saves a first key (nothing to refresh after it).
  const key = useAccount(() => undefined, NO_ANSWER);
  // The prices it quotes: the stored meter's once a key was saved (read from storage only: this page,
  // opened on install, asks the worker for nothing it does not need).
  const prices = pricesOf(useStorageValue(meterItem));

  return (
    <WelcomeView
      connected={key.hasKey ? key.account : null}
      onOpenOptions={() => void browser.runtime.openOptionsPage()}
      onOpenProspects={openProspectPage}
      prices={prices}
    >
      <ApiKeyForm {...key} onRemove={() => undefined} guidance={false} />
    </WelcomeView>
  );
}

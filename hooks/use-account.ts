import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { FormMessage } from '@/components/options/api-key-form';
import { checkBaseUrl, hostOf } from '@/components/options/base-url-check';
import type { KeySectionProps } from '@/components/options/key-section';
import { sendMessage, type MessageResponse, type SaveKeyOutcome } from '@/lib/messaging/protocol';
import { KEY_NOT_SAVED, keyCheckText, SAVE_NO_ANSWER } from '@/lib/messages/texts';
import { DEFAULT_API_BASE_URL } from '@/lib/settings/settings';

export type AccountState = MessageResponse<'getAccount'>;

const NO_ANSWER = "The extension's background is not answering. Reload the extension (chrome://extensions) and open this page again.";

/** What a saved key says: checked for free, and where calls now go when the address was switched. */
function savedText(switching: boolean, baseUrl: string): string {
  return switching
    ? `Switched: calls now go to ${hostOf(baseUrl)}. The key was checked there with a free call: 0 credits charged.`
    : 'Key saved. It was checked with a free call: 0 credits charged.';
}

/** A refused switch: the old address stays in use; the save's own reason follows without its "not saved". */
function notSwitchedText(proposed: string, current: string, reason: string): string {
  const why = reason
    .split(KEY_NOT_SAVED)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return `Not switched to ${hostOf(proposed)}; calls still go to ${hostOf(current)}. ${why}`;
}

/** Plain words for a failed save, by kind (the table's key-check words). `baseUrl` is the address the user tried. */
export function saveKeyFailureMessage(
  failure: Pick<Extract<SaveKeyOutcome, { ok: false }>, 'reason' | 'message'>,
  baseUrl: string,
): string {
  return keyCheckText(failure.reason, hostOf(baseUrl)) ?? `${failure.message} ${KEY_NOT_SAVED}`;
}

/**
 * The browser's answer to the host permission request (needs the click's user gesture); a request that
 * failed, at once or later, is a no, so the form never stays busy.
 */
export async function originGranted(origin: string): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: [`${origin}/*`] });
  } catch {
    return false;
  }
}

/**
 * The Save click. Called straight from the submit handler: the host permission request is the first thing
 * it does (nothing is awaited before it), so it still runs in the user gesture. Then the background checks
 * the key with GET /v1/me (0 credits) before storing it.
 */
export async function saveApiKey(input: {
  apiKey: string;
  baseUrl: string;
}): Promise<Extract<SaveKeyOutcome, { ok: true }> | { ok: false; message: string }> {
  const url = checkBaseUrl(input.baseUrl);
  if (!url.ok) return { ok: false, message: `${url.message} ${KEY_NOT_SAVED}` };
  if (url.needsPermission && !(await originGranted(url.origin))) {
    return { ok: false, message: saveKeyFailureMessage({ reason: 'no-permission', message: '' }, url.baseUrl) };
  }
  const outcome = await sendMessage('saveApiKey', { apiKey: input.apiKey, baseUrl: url.baseUrl }).catch(() => null);
  if (!outcome) return { ok: false, message: SAVE_NO_ANSWER };
  return outcome.ok ? outcome : { ok: false, message: saveKeyFailureMessage(outcome, url.baseUrl) };
}

/** The key section's state and events, named as it takes them (the meter's parts come from the page). */
export type AccountHandle = Omit<KeySectionProps, 'meter' | 'prices'> & {
  /** Reports that the worker did not answer another section's message. */
  reportNoAnswer: () => void;
};

/**
 * The key and account of the options and welcome pages: the stored account, the Save/Remove flow, and the
 * question when /v1/me names another API address. `onChanged` runs after a key was saved or removed (the
 * spending shown belongs to the account); `noAnswer` is the page's words for a silent worker.
 */
export function useAccount(onChanged: () => void, noAnswer = NO_ANSWER): AccountHandle {
  // What the worker's account session holds (never the key); null until it answered.
  const [state, setState] = useState<AccountState | null>(null);
  // The address /v1/me named, with the key just checked: held only until the user answers (confirming saves it again there).
  const [proposal, setProposal] = useState<{ apiKey: string; baseUrl: string } | null>(null);
  const [refusedBaseUrl, setRefusedBaseUrl] = useState<string | undefined>();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [formGeneration, setFormGeneration] = useState(0);

  const refresh = useCallback(async () => {
    try {
      setState(await sendMessage('getAccount'));
    } catch {
      setMessage({ tone: 'error', text: noAnswer });
    }
  }, [noAnswer]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  function run(input: { apiKey: string; baseUrl: string }, switching: boolean) {
    setBusy(true);
    setMessage(null);
    setProposal(null);
    void saveApiKey(input).then(async (outcome) => {
      if (outcome.ok) {
        setState({ account: outcome.account, baseUrl: outcome.baseUrl, hasKey: true });
        setRefusedBaseUrl(outcome.refusedBaseUrl);
        if (outcome.proposedBaseUrl) setProposal({ apiKey: input.apiKey, baseUrl: outcome.proposedBaseUrl });
        setMessage({ tone: 'success', text: savedText(switching, outcome.baseUrl) });
        setFormGeneration((n) => n + 1);
        onChanged();
      } else {
        if (switching) {
          // The key stays saved for the current address; the question stays open.
          setProposal(input);
          setMessage({ tone: 'error', text: notSwitchedText(input.baseUrl, state?.baseUrl ?? '', outcome.message) });
        } else setMessage({ tone: 'error', text: outcome.message });
        await refresh(); // whatever key was stored before is still the one in use
      }
      setBusy(false);
    });
  }

  async function remove() {
    setBusy(true);
    try {
      await sendMessage('removeApiKey');
      setRefusedBaseUrl(undefined);
      setProposal(null);
      setMessage({ tone: 'info', text: "Key removed, together with this account's cached answers." });
      setFormGeneration((n) => n + 1);
    } catch {
      setMessage({ tone: 'error', text: noAnswer });
    }
    await refresh();
    onChanged();
    setBusy(false);
  }

  return {
    // Where the saved key goes, as the worker holds it with the key; the build default only pre-fills a first key.
    baseUrl: state?.hasKey ? state.baseUrl : DEFAULT_API_BASE_URL,
    hasKey: state?.hasKey ?? false,
    account: state?.account ?? null,
    proposal: proposal?.baseUrl ?? null,
    refusedBaseUrl,
    message,
    busy,
    formGeneration,
    onSave: (input) => run(input, false),
    onRemove: () => void remove(),
    onAcceptProposal: () => proposal && run(proposal, true),
    onKeepBaseUrl: () => {
      setProposal(null);
      setMessage({ tone: 'info', text: `Kept ${hostOf(state?.baseUrl ?? '')}: the key is not sent to the other address.` });
    },
    reportNoAnswer: () => setMessage({ tone: 'error', text: noAnswer }),
  };
}

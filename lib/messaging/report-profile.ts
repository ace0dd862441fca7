import type { PagePerson, ProfileReport } from '@/lib/profile/types';
import { assertAnswer, type Envelope, type Reply } from './envelope';

// The content scripts' only message: not the pages' `sendMessage`, since a content script carries no
// polyfill (size budget: tests/size). MV3 Chrome and Firefox both return a promise here.
declare const chrome: {
  runtime: {
    id?: string;
    sendMessage(message: Envelope): Promise<Reply | undefined>;
    onMessage: { addListener(listener: (message: unknown, sender: unknown, answer: (reply: true) => void) => void): void };
  };
};

export async function reportProfile(report: ProfileReport): Promise<void> {
  assertAnswer(await chrome.runtime.sendMessage({ type: 'reportProfile', data: report } satisfies Envelope<'reportProfile'>));
}

/** False in a script its extension left behind (Chrome keeps a reloaded, updated or removed extension's scripts running). */
export const extensionAlive = (): boolean => chrome.runtime.id !== undefined;

/** A list page's rows (see ProfileReport.people): a report that names no profile and changes none. */
export const reportPeople = (url: string, people: PagePerson[]): Promise<void> => reportProfile({ url, profile: null, hints: {}, people });

/** What the worker tells a tab's content script (tabs.sendMessage): whether a panel watches it, so rows are read. */
export interface PeopleSwitch {
  people: boolean;
}

/**
 * Calls `turn` with the worker's word and answers, so the background knows a reader is there. Once per
 * document: the background may inject the reader again, and a second copy must not read the rows twice.
 */
export function onPeopleSwitch(turn: (on: boolean) => void): void {
  const world = globalThis as { cdPeopleReader?: true };
  if (world.cdPeopleReader) return;
  world.cdPeopleReader = true;
  chrome.runtime.onMessage.addListener((message, _sender, answer) => {
    const on = (message as Partial<PeopleSwitch> | null)?.people;
    if (typeof on !== 'boolean') return;
    turn(on);
    answer(true);
  });
}

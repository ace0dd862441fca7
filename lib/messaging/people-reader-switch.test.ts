import { describe, expect, it } from 'vitest';
import { switchPeopleReader, type ReaderTabs } from './people-reader-switch';
import { PEOPLE_READERS, peopleReaderFor } from '@/lib/profile/sites';

/** A tab at `url`, with a reader in it or not; records what the background did to it. */
function tab(url: string | undefined, hasReader: boolean) {
  const did: string[] = [];
  let reader = hasReader;
  const tabs: ReaderTabs = {
    send: async (_id, m) => {
      did.push(`send ${m.people}`);
      if (!reader) throw new Error('Could not establish connection. Receiving end does not exist.');
    },
    url: async () => url,
    inject: async (_id, file) => {
      did.push(`inject ${file}`);
      reader = true;
    },
  };
  return { tabs, did };
}

describe('switchPeopleReader', () => {
  it.each<[string, string | undefined, boolean, boolean, string[]]>([
    ['a reader already there is told, nothing injected', 'https://x.com/ada/followers', true, true, ['send true']],
    [
      'an X tab without one gets the X reader, then is told',
      'https://x.com/ada/followers',
      false,
      true,
      ['send true', 'inject /people-x.js', 'send true'],
    ],
    [
      'a LinkedIn tab gets the LinkedIn reader',
      'https://www.linkedin.com/search/results/people/?keywords=ada',
      false,
      true,
      ['send true', 'inject /people-linkedin.js', 'send true'],
    ],
    ['switching off a tab without a reader injects nothing', 'https://x.com/ada/followers', false, false, ['send false']],
    ['a tab on another site gets nothing', 'https://example.com/', false, true, ['send true']],
    ['a tab whose address is hidden (no host access) gets nothing', undefined, false, true, ['send true']],
  ])('%s', async (_, url, hasReader, people, did) => {
    const t = tab(url, hasReader);
    await switchPeopleReader(t.tabs, 7, { people });
    expect(t.did).toEqual(did);
  });
});

describe('peopleReaderFor', () => {
  it.each<[string | undefined, string | undefined]>([
    ['https://x.com/ada/followers', PEOPLE_READERS.x],
    ['https://mobile.twitter.com/ada/following', PEOPLE_READERS.x],
    ['https://www.linkedin.com/company/acme/people/', PEOPLE_READERS.linkedin],
    ['https://www.linkedin.com/sales/search/people?query=x', PEOPLE_READERS.linkedin],
    ['https://x.com.evil.example/ada', undefined],
    ['https://notlinkedin.com/in/ada', undefined],
    ['chrome://newtab/', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (url, file) => {
    expect(peopleReaderFor(url)).toBe(file);
  });
});

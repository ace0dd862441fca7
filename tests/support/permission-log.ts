import { beforeEach, vi, type MockedFunction } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { sendMessage } from '@/lib/messaging/protocol';

/**
 * The options page's Save and Connect flows under test: the host permission request and the message to the
 * background logged in the order they happen (the request must come first, inside the click), the request
 * granted and the message answered with `answer` unless a test says otherwise.
 */
export function permissionThenSendLog(send: MockedFunction<typeof sendMessage>, answer: unknown) {
  const calls: string[] = [];
  const request = vi.fn(async ({ origins }: { origins?: string[] }) => {
    calls.push(`request ${origins?.[0]}`);
    return true;
  });
  beforeEach(() => {
    fakeBrowser.reset();
    calls.length = 0;
    request.mockClear();
    Object.assign(fakeBrowser.permissions, { request });
    send.mockReset();
    send.mockImplementation(async (_type, data) => {
      calls.push(`send ${(data as { baseUrl: string }).baseUrl}`);
      return answer as never;
    });
  });
  return { calls, request };
}

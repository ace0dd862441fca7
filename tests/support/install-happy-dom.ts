import { afterAll } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';

/**
 * Give this test file happy-dom globals (document, window, MutationObserver…), keeping Node's
 * `URL` and `URLSearchParams`. Call with top-level `await` before any test.
 *
 * Why not `// @vitest-environment happy-dom`: stock happy-dom replaces `URL` globally before
 * setup files run; WxtVitest's setup file then imports vite, whose
 * `readFileSync(new URL(…, import.meta.url))` rejects happy-dom's URL ("The URL must be of
 * scheme file"), so every such test file fails before it starts. Installing the environment
 * here runs after that setup file.
 */
export async function installHappyDom(url = 'https://x.com/'): Promise<void> {
  const { URL, URLSearchParams } = globalThis;
  const env = await builtinEnvironments['happy-dom'].setup(globalThis, { happyDOM: { url } });
  Object.assign(globalThis, { URL, URLSearchParams });
  afterAll(() => env.teardown(globalThis));
}

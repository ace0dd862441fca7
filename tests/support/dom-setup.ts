/*
 * DOM for component tests: vitest's 'dom' project (vitest.config.ts) runs this before every *.test.tsx.
 * It also registers jest-dom's matchers (toBeVisible, toHaveTextContent, toBeDisabled…).
 *
 * Why not `environment: 'happy-dom'`: happy-dom swaps the global `URL` before setup files run, then
 * WxtVitest's setup imports vite, whose `readFileSync(new URL(…))` rejects it ("The URL must be of
 * scheme file"), failing every file before a test runs. So happy-dom is installed here, after that
 * setup (see install-happy-dom.ts), and RTL's cleanup is registered here because vitest globals
 * (which RTL's automatic cleanup needs) are off.
 */
import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { installHappyDom } from './install-happy-dom';

await installHappyDom('http://localhost/sidepanel.html');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { cleanup } = await import('@testing-library/react');
afterEach(() => cleanup());

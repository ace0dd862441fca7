/*
 * DOM for component tests. Import it FIRST in a test file, before React Testing Library:
 *   import '../shared/testing/dom';
 *
 * Why not `// @vitest-environment happy-dom`: in this repo that docblock fails every file before a
 * test runs (happy-dom swaps the global `URL`, then WxtVitest's setup imports vite, whose
 * `readFileSync(new URL(…))` rejects it: "The URL must be of scheme file"), and the docblock cannot
 * name a custom environment file. So happy-dom is installed after setup, as
 * lib/profile/testing/install-happy-dom.ts does, and RTL's cleanup is registered here because vitest
 * globals (which RTL's automatic cleanup needs) are off.
 */
import { afterEach } from 'vitest';
import { installHappyDom } from './install-happy-dom';

await installHappyDom('http://localhost/sidepanel.html');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { cleanup } = await import('@testing-library/react');
afterEach(() => cleanup());

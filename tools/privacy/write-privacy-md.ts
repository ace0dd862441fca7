// `npm run privacy:md`: writes PRIVACY.md from the privacy page's content (lib/privacy), so the file the
// Chrome Web Store links to says what the page inside the extension says. components/privacy/privacy-view.test.tsx fails when it is stale.
import { writeFileSync } from 'node:fs';
import { privacyContent } from '../../lib/privacy/privacy-content';
import { privacyMarkdown } from './privacy-markdown';

writeFileSync(new URL('../../PRIVACY.md', import.meta.url), privacyMarkdown(privacyContent()));

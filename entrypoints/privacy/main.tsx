// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PrivacyView } from '@/components/privacy/privacy-view';
import { privacyContent } from '@/lib/privacy/privacy-content';
import '@/components/shared/styles.css';
import '@/entrypoints/options/options.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrivacyView content={privacyContent()} />
  </StrictMode>,
);

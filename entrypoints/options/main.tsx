// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OptionsApp } from './options-app';
import '@/components/shared/styles.css';
import './options.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OptionsApp />
  </StrictMode>,
);

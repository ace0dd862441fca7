/*
 * Prospect search (prospect.html, an extension page in a tab): build target lists from the directory
 * at 100 records per paid call, save them as leads or export them.
 */
// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ProspectApp } from './prospect-app';
import '@/components/shared/styles.css';
import './prospect.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ProspectApp />
  </StrictMode>,
);

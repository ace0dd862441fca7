// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LeadsApp } from './leads-app';
import '@/components/shared/styles.css';
import './leads.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LeadsApp />
  </StrictMode>,
);

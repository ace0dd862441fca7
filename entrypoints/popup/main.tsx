/*
 * Toolbar popup: quick directory search.
 *
 * Toolbar behaviour (decided): clicking the toolbar icon opens this popup. Its "Open side panel" button
 * opens the side panel (one more click), and choosing a search row opens the panel showing that record.
 * Alt+Shift+D opens the panel directly: the background handles the `open-side-panel` command in
 * Chrome, and Firefox toggles its sidebar natively (`_execute_sidebar_action`).
 */
// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PopupApp } from './popup-app';
import '@/components/shared/styles.css';
import './popup.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PopupApp />
  </StrictMode>,
);

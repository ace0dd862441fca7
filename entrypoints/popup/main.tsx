/*
 * Toolbar popup: quick directory search. The toolbar icon opens it; "Open side panel" (one more click) and a
 * picked row open the panel. Alt+Shift+D opens the panel directly: the background handles the
 * `open-side-panel` command in Chrome, Firefox toggles its sidebar natively (`_execute_sidebar_action`).
 */
// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { mountPage } from '@/components/shared/mount-page';
import { PopupApp } from './popup-app';
import '@/components/shared/styles.css';
import './popup.css';

mountPage(<PopupApp />);

/*
 * Prospect search (prospect.html, an extension page in a tab): build target lists from the directory
 * at 100 records per paid call, save them as leads or export them.
 */
// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { mountPage } from '@/components/shared/mount-page';
import { ProspectApp } from './prospect-app';
import '@/components/shared/styles.css';
import './prospect.css';

mountPage(<ProspectApp />);

// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { mountPage } from '@/components/shared/mount-page';
import { LeadsApp } from './leads-app';
import '@/components/shared/styles.css';
import './leads.css';

mountPage(<LeadsApp />);

// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { mountPage } from '@/components/shared/mount-page';
import { WelcomeApp } from './welcome-app';
import '@/components/shared/styles.css';
import '@/entrypoints/options/options.css';

mountPage(<WelcomeApp />);

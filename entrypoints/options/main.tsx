// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { mountPage } from '@/components/shared/mount-page';
import { OptionsApp } from './options-app';
import '@/components/shared/styles.css';
import './options.css';

mountPage(<OptionsApp />);

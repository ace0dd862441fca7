// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { mountPage } from '@/components/shared/mount-page';
import { PrivacyView } from '@/components/privacy/privacy-view';
import { privacyContent } from '@/lib/privacy/privacy-content';
import '@/components/shared/styles.css';
import '@/entrypoints/options/options.css';

mountPage(<PrivacyView content={privacyContent()} />);

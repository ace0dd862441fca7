import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders an extension page's app into the `#root` its HTML holds. */
export function mountPage(app: ReactNode): void {
  createRoot(document.getElementById('root')!).render(<StrictMode>{app}</StrictMode>);
}

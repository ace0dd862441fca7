import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<main>Crypto Directory — sidepanel</main>);

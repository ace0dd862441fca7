import { createRoot } from 'react-dom/client';
import { OptionsApp } from './OptionsApp';
import '../../components/shared/styles.css';
import './options.css';

createRoot(document.getElementById('root')!).render(<OptionsApp />);

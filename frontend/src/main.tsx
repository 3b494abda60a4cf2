import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAnalytics } from './app/analytics.js';
import { App } from './app/app.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
loadAnalytics();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './app/styles';
import { AppProvider } from './app/provider';
import { router } from './app/router';
import { recordError } from './lib/app-store';

// Uncaught errors go to the error list, so the header can offer to report them.
window.addEventListener('error', (event) => {
  recordError(event.message || 'Uncaught error');
});
window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  recordError(event.reason instanceof Error ? event.reason.message : 'Unhandled rejection');
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { initErrorReporting } from '@/lib/error-reporting';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { followOtherTabs, loadSession } from '@/lib/session';

// Replaced at build time: without a DSN this branch, and the Sentry SDK with it, is left out of the build.
if (import.meta.env.VITE_SENTRY_DSN) void initErrorReporting(import.meta.env.VITE_SENTRY_DSN, import.meta.env.MODE);
captureInstallPrompt();
void loadSession();
followOtherTabs();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

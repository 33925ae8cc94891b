import '@/styles/critical';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadRoutes } from '@/app/app-router';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createBrowserAppHistory, routes } from '@/app/router';
import { showsMap } from '@/boot/map-preview-dom';
import { preloadMapScreen } from '@/features/map/components/map-home';
import { loadStartTexts } from '@/i18n/i18n';
import { applyAppStyles } from '@/lib/app-styles';
import { initErrorReporting } from '@/lib/error-reporting';
import { globalsQueryOptions } from '@/lib/get-globals';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { followOtherTabs, loadSession } from '@/lib/session';

// The shell's texts of the interface's language (a chunk the boot script preloads with the entry), asked for first:
// React renders once they are in, so the first screen shows neither keys nor another language.
const texts = loadStartTexts();

// Replaced at build time: without a DSN this branch, and the Sentry SDK with it, is left out of the build.
if (import.meta.env.VITE_SENTRY_DSN) void initErrorReporting(import.meta.env.VITE_SENTRY_DSN, import.meta.env.MODE);
captureInstallPrompt();
void loadSession();
followOtherTabs();

// The categories and the map's tile settings are needed by the first screen: asked for before React starts,
// with the map's code when the page is the map home. The request goes in a task of its own: its headers read the
// time zone, and the first use of Intl loads its locale data (tens of milliseconds on a phone).
const queryClient = createQueryClient();
if (showsMap(window.location.pathname)) preloadMapScreen();
setTimeout(() => void queryClient.prefetchQuery(globalsQueryOptions()), 0);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The styles and the texts first (the styles do not block the boot screen's paint), then a transition lets React
// yield to the browser while it renders the first screen (no single long task).
void Promise.all([applyAppStyles(), texts]).then(async () => {
  const history = createBrowserAppHistory();
  // The screen's code first (the boot script has asked for it with the entry), as the first render needs it; a
  // download that fails is tried again by the render, which then shows the error page.
  await preloadRoutes(routes, history.location).catch(() => undefined);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers client={queryClient}>
          <AppRouter history={history} routes={routes} />
        </Providers>
      </StrictMode>,
    );
  });
});

import { createBrowserRouter } from 'react-router';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

/** The routes of spec section 2; unknown paths show the 404 page. */
export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: '/', Component: HomePage },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);

import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session';
import { routeAccess } from './route-access';

/** Applies `routeAccess` to the routes below it: waits for the session, redirects, or shows the page. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const access = routeAccess(pathname, session, search);
  if (access.kind === 'wait') return <PageLoader />;
  if (access.kind === 'redirect') return <Navigate to={access.to} state={access.state} replace />;
  return <Outlet />;
}

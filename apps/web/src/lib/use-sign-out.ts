/**
 * Logging out from a menu: goes to the map, then ends the session and says so. In that order: ending
 * it first would let the guard of the signed-in page open the login dialog on the way out.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { signOut } from '@/lib/session';
import { toast } from '@/lib/toast';

/** Returns the log-out action. */
export function useSignOut(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(() => {
    void Promise.resolve(navigate(PATHS.home, { replace: true, flushSync: true })).then(() => {
      signOut();
      toast.show(t('session.signedOut'));
    });
  }, [navigate, t]);
}

/**
 * Viewer to event-manager (spec section 4): the type update, then the profile page. There is no way back. The API
 * makes the new organisation verify its address first (a code is mailed to it, as for a sign-up as event-manager),
 * so the switch goes on in the verify-email dialog, which says why a code is asked, and reaches the profile once
 * the code is entered.
 */
import { isPendingVerification } from '@evmap/contract/account-rules';
import type { User } from '@evmap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { authHash } from '@/lib/auth-hash';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { applyUpdatedUser, updateMe } from '../api/update-me';

/** Returns `{ switchToEventManager, isPending }`. */
export function useSwitchToEventManager() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useMutation({ mutationFn: () => updateMe({ type: 'event-manager' }) });

  const switchToEventManager = async () => {
    let user: User;
    try {
      user = await update.mutateAsync();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
      return;
    }
    if (!isPendingVerification(user)) {
      await applyUpdatedUser(queryClient, user);
      toast.success(t('settings.switchedToManager'));
      void navigate(PATHS.profile);
      return;
    }
    // Leave the signed-in pages before the session says the address waits for its code: their guard would
    // otherwise open the verification by itself, without saying that it finishes the switch.
    await Promise.resolve(navigate(PATHS.home, { flushSync: true }));
    void applyUpdatedUser(queryClient, user);
    void navigate(
      { pathname: PATHS.home, hash: authHash('verify-email') },
      { replace: true, state: { email: user.unverifiedEmail, redirect_to: PATHS.profile, coming_from: 'upgrade' } },
    );
  };
  return { switchToEventManager, isPending: update.isPending };
}

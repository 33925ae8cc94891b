/** Viewer to event-manager (spec section 4): the type update, then the profile page. There is no way back. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useUpdateMe } from '../api/update-me';

/** Returns `{ switchToEventManager, isPending }`. */
export function useSwitchToEventManager() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const updateMe = useUpdateMe();
  const switchToEventManager = async () => {
    try {
      await updateMe.mutateAsync({ type: 'event-manager' });
      toast.success(t('settings.switchedToManager'));
      void navigate(PATHS.profile);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
    }
  };
  return { switchToEventManager, isPending: updateMe.isPending };
}

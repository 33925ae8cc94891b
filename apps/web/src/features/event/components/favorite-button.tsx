/** The favourite heart, for viewers only; toggled optimistically and rolled back on failure. */
import { ActionIcon } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useFavorite, useSetFavorite } from '../api/favorite';

/** The heart of event `eventId` (nothing for visitors, event managers and admins). */
export function FavoriteButton({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const isViewer = user?.type === 'viewer' && !user.isAdmin;
  const favorite = useFavorite(eventId, isViewer);
  const toggle = useSetFavorite(eventId);
  if (!isViewer) return null;
  const on = favorite.data === true;
  return (
    <ActionIcon
      variant="subtle"
      color="red.8"
      size="lg"
      aria-pressed={on}
      aria-label={t('event.favorite')}
      disabled={favorite.isPending}
      onClick={() => toggle.mutate(!on, { onError: () => toast.error(t('event.favoriteFailed')) })}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </ActionIcon>
  );
}

import type { User } from '@evmap/contract/users';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useOpenAuthDialog } from '@/lib/use-auth-dialog';
import { useCancelEmailChange } from '../api/cancel-email-change';

/**
 * An address waiting for its code (spec section 4): the way back to the verify-email dialog (which
 * also resends the code) and, for an email change, its cancellation. A first address cannot be
 * cancelled, only verified.
 */
export function PendingEmail({ user }: { user: User }) {
  const { t } = useTranslation();
  const openAuthDialog = useOpenAuthDialog();
  const cancel = useCancelEmailChange();
  const pending = user.unverifiedEmail;
  if (!pending) return null;
  const isChange = pending !== user.email;

  const onCancel = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(t('settings.pendingCancelled'));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));
    }
  };

  return (
    <Alert color="yellow" variant="light" title={t('settings.pendingTitle')} data-pending-email>
      <Stack gap="sm">
        <Text size="sm">
          {isChange
            ? t('settings.pendingText', { email: pending, current: user.email })
            : t('settings.pendingFirstText', { email: pending })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            onClick={() =>
              openAuthDialog('verify-email', { email: pending, coming_from: 'click', redirect_to: PATHS.settings })
            }
          >
            {t('settings.verifyPending')}
          </Button>
          {isChange && (
            <Button size="xs" variant="default" loading={cancel.isPending} onClick={() => void onCancel()}>
              {t('settings.cancelPending')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { eventTitle } from '@/lib/event-title';
import { toast } from '@/lib/toast';

/**
 * "Delete the event", after a confirmation naming it (in the reader's language); says whether it worked,
 * then `onDeleted`.
 */
export function DeleteEventButton({
  event,
  remove,
  onDeleted,
}: {
  event: { titleFr: string; titleEn: string | null };
  remove: () => Promise<unknown>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const title = eventTitle(event, useLang());
  const [confirm, dialog] = useConfirm();
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    const ok = await confirm({
      title: t('eventForm.delete.title'),
      message: t('eventForm.delete.message', { title }),
      confirmLabel: t('eventForm.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    setPending(true);
    try {
      await remove();
    } catch {
      toast.error(t('eventForm.delete.failed'));
      return;
    } finally {
      setPending(false);
    }
    toast.success(t('eventForm.delete.done'));
    onDeleted();
  };

  return (
    <Group mt="xl">
      <Button color="red" variant="outline" onClick={onClick} loading={pending}>
        {t('eventForm.delete.button')}
      </Button>
      {dialog}
    </Group>
  );
}

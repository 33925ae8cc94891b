/**
 * A confirmation asked as a promise: `const [confirm, dialog] = useConfirm()`, render `dialog`, then
 * `if (await confirm({ title, message, confirmLabel })) …`. The dialog traps focus, starts on the
 * cancel button (the safe choice) and returns focus where it was.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';

export type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** A destructive action (red button). */
  danger?: boolean;
};

/** The confirm function and the dialog element to render. */
export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback(
    (next: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = (
    <Modal
      opened={options !== null}
      onClose={() => answer(false)}
      title={options?.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        {typeof options?.message === 'string' ? <Text>{options.message}</Text> : options?.message}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={options?.danger ? 'red' : undefined} onClick={() => answer(true)}>
            {options?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return [confirm, dialog];
}

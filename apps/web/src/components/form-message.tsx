import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The form-level message (the server's `global`, or a message with no field of its own), announced at
 * once; `action` (a link to the plans page, say) is shown under it.
 */
export function FormMessage({ message, action }: { message: string | undefined; action?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-form-message>
      {action ? (
        <Stack gap="xs">
          <span>{message}</span>
          {action}
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}

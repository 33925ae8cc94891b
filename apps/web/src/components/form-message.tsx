import { Alert, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The form-level message (the server's `global`, or a message with no field of its own), announced at
 * once; `action` (a link to the plans page, say) is shown under it. With `focusOnShow` (a long form, whose
 * message sits far above its button), a new message takes the focus and is scrolled into view, unless a
 * field with an error took the focus already.
 */
export function FormMessage({
  message,
  action,
  focusOnShow = false,
}: {
  message: string | undefined;
  action?: ReactNode;
  focusOnShow?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const alert = ref.current;
    if (!message || !focusOnShow || !alert) return;
    if (document.activeElement?.getAttribute('aria-invalid') === 'true') return;
    alert.focus({ preventScroll: true });
    alert.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [message, focusOnShow]);
  if (!message) return null;
  return (
    <Alert ref={ref} tabIndex={-1} color="red" variant="light" role="alert" data-form-message>
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

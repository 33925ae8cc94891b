import { Alert } from '@mantine/core';

/** The form-level message (the server's `global`, or a message with no field of its own), announced at once. */
export function FormMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-form-message>
      {message}
    </Alert>
  );
}

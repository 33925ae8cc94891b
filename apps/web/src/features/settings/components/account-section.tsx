import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A part of the account page: a bordered region named by its second-level heading. */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

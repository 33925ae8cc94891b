/**
 * What sits above an admin table: the search box (its text is the table state's, debounced into the
 * URL), the total count, announced politely when a search changes it, and an action such as "New …".
 */
import { Group, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

export type TableToolbarProps = {
  searchLabel: string;
  searchPlaceholder?: string;
  search: string;
  onSearch: (text: string) => void;
  /** The total of the matching rows, already worded ("1,234 events"); nothing before the first answer. */
  total?: string;
  /** A button or link beside the search box. */
  action?: ReactNode;
};

/** The toolbar; see the module comment. */
export function TableToolbar({ searchLabel, searchPlaceholder, search, onSearch, total, action }: TableToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
          autoComplete="off"
        />
        {/* Its place is kept before the first answer (a blank line as wide as a count), so that the count arriving
            moves neither the action nor the table below (no layout shift). */}
        <Text size="sm" aria-live="polite" mb={8} miw="10rem">
          {total ?? '\u00a0'}
        </Text>
      </Group>
      {action}
    </Group>
  );
}

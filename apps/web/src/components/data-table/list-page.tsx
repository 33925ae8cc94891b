/**
 * The shell of every list page and list section of the admin area: the heading (the page's own, or a
 * section's), an intro, the toolbar (search, total, action), the tabs that filter the list, the alert of
 * a failed load with its retry button, and the table itself (the children).
 */
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ListStatus } from '@/components/list-status';
import { PageHeading } from '@/components/page-heading';
import { TableToolbar, type TableToolbarProps } from './table-toolbar';

export type ListPageProps = {
  title: string;
  /** 1: the page's heading (and the document title); 2: a section of a page. */
  level?: 1 | 2;
  intro?: ReactNode;
  toolbar?: TableToolbarProps;
  /** Tabs filtering the list: the list is the panel of the chosen one. */
  tabs?: {
    label: string;
    value: string;
    items: ReadonlyArray<{ value: string; label: string }>;
    onChange: (value: string | undefined) => void;
  };
  /** The last load failed: its message, and the retry. */
  failed?: { message: string; onRetry: () => void; retrying: boolean };
  /** The table, under the toolbar and the tabs (replaced by the alert when the load failed). */
  children: ReactNode;
};

/** The shell; see the module comment. */
export function ListPage({ title, level = 1, intro, toolbar, tabs, failed, children }: ListPageProps) {
  const headingId = useId();
  const list = (
    <>
      {toolbar && <TableToolbar {...toolbar} />}
      {failed && (
        <Stack mb="sm">
          <ListStatus status="error" message={failed.message} onRetry={failed.onRetry} retrying={failed.retrying} />
        </Stack>
      )}
      {children}
    </>
  );
  const content = tabs ? (
    <Tabs value={tabs.value} onChange={(value) => tabs.onChange(value ?? undefined)} keepMounted={false}>
      <Tabs.List aria-label={tabs.label} mb="sm">
        {tabs.items.map((item) => (
          <Tabs.Tab key={item.value} value={item.value}>
            {item.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.items.map((item) => (
        <Tabs.Panel key={item.value} value={item.value}>
          {item.value === tabs.value && list}
        </Tabs.Panel>
      ))}
    </Tabs>
  ) : (
    list
  );
  const introText = intro && (
    <Text size="sm" c="dimmed" mb="sm">
      {intro}
    </Text>
  );

  if (level === 2) {
    return (
      <section aria-labelledby={headingId}>
        <Title order={2} size="h3" mb={4} id={headingId}>
          {title}
        </Title>
        {introText}
        {content}
      </section>
    );
  }
  return (
    <Stack gap={0}>
      <PageHeading title={title} />
      {introText}
      {content}
    </Stack>
  );
}

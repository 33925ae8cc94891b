import type { ModerationList } from '@evmap/contract/admin-dashboard';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalIcon } from '@/components/icons';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';

/** An event of the moderation queue (with the time of its latest report). */
export type ReportedEvent = ModerationList['events'][number];

/** The three moderation actions of a row. */
export type ModerationAction = 'validate' | 'deactivate' | 'delete';

/** The flags of spec section 3 an administrator reviews an event with: inactive, deleted, past. */
function EventFlags({ event }: { event: ReportedEvent }) {
  const { t } = useTranslation();
  const flags = [
    !event.active && { key: 'inactive', color: 'gray' },
    event.deletedAt && { key: 'deleted', color: 'red' },
    event.isPast && { key: 'past', color: 'indigo' },
  ].filter((flag): flag is { key: 'inactive' | 'deleted' | 'past'; color: string } => Boolean(flag));
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Badge key={flag.key} color={flag.color} variant="light">
          {t(`moderation.flags.${flag.key}`)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * One reported event: its title (to its admin page) and a link to it on the map (new tab), its report
 * count and latest report, its flags, and the actions (deactivate only while it is active).
 */
export function ModerationRow({
  event,
  title,
  busy,
  onAction,
}: {
  event: ReportedEvent;
  /** The title in the interface's language. */
  title: string;
  /** An action on this event is under way: its buttons wait. */
  busy: boolean;
  onAction: (action: ModerationAction, event: ReportedEvent) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();

  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`${PATHS.adminEvents}/${event.uuid}`} fw={600}>
            {title}
          </Anchor>
          <Anchor
            href={`/events/${event.uuid}`}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={`${t('moderation.openOnMapLabel', { title })}${t('common.newTab')}`}
          >
            <Group component="span" gap={4} wrap="nowrap">
              {t('moderation.openOnMap')}
              <ExternalIcon size={12} />
            </Group>
          </Anchor>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text fw={700} c="red.9">
          {event.signaledCount}
        </Text>
      </Table.Td>
      <Table.Td>
        <time dateTime={event.lastSignaledAt}>
          {formatDate(event.lastSignaledAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </Table.Td>
      <Table.Td>
        <EventFlags event={event} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            disabled={busy}
            aria-label={t('moderation.validateLabel', { title })}
            onClick={() => onAction('validate', event)}
          >
            {t('moderation.validate')}
          </Button>
          {event.active && (
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              aria-label={t('moderation.deactivateLabel', { title })}
              onClick={() => onAction('deactivate', event)}
            >
              {t('moderation.deactivate')}
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={busy}
            aria-label={t('moderation.deleteLabel', { title })}
            onClick={() => onAction('delete', event)}
          >
            {t('moderation.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The owner of a source's events: a searchable choice among the event-manager accounts (the admin users
 * list, searched by the server). The chosen owner keeps the label it was chosen with, so a later answer
 * never rewrites what the administrator types.
 */
import { Select } from '@mantine/core';
import { useTranslation } from '@/i18n/use-translation';
import { useFormField } from '@/lib/form/use-form-field';
import { useSearchedChoice } from '@/lib/form/use-searched-choice';
import { useAdminUsers } from '../api/admin-users-list';

const ownerLabel = (user: { name: string | null; email: string }) =>
  user.name ? `${user.name} (${user.email})` : user.email;

/** The owner choice; `initialLabel` names the owner the source was saved with. */
export function ImportSourceOwnerField({ initialLabel }: { initialLabel?: string }) {
  const { t } = useTranslation();
  const { field, error } = useFormField('ownerId', t('sources.fields.ownerId'));
  const choice = useSearchedChoice(initialLabel);
  const answer = useAdminUsers({
    search: choice.query,
    type: 'event-manager',
    page: 1,
    sortField: 'name',
    sortDirection: 'asc',
  });
  const users = (answer.data?.users ?? []).filter((user) => !user.deletedAt && !user.isAdmin);
  const value = typeof field.value === 'number' ? String(field.value) : null;
  const data = choice.options(users, value, ownerLabel);

  return (
    <Select
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      label={t('sources.fields.ownerId')}
      description={t('sources.form.ownerHint')}
      placeholder={t('sources.form.ownerPlaceholder')}
      withAsterisk
      searchable
      clearable
      data={data}
      value={value}
      searchValue={choice.search}
      onSearchChange={choice.setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={answer.isFetching ? t('common.loading') : t('sources.form.noOwner')}
      onChange={(next) => {
        const id = next ? Number(next) : null;
        field.onChange(id);
        const user = users.find((u) => u.id === id);
        choice.setChosenLabel(user ? ownerLabel(user) : undefined);
      }}
      error={error}
      disabled={field.disabled}
    />
  );
}

/**
 * The administrator's fields of the event form (spec sections 5 and 6): the active flag and the creator,
 * a searchable choice among the users who are not administrators; choosing one copies their website and
 * phone into the event.
 */
import { Select } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { CheckboxField } from '@/lib/form/fields';
import { useFormField } from '@/lib/form/use-form-field';
import { useSearchedChoice } from '@/lib/form/use-searched-choice';
import { useCreatorChoices } from '../api/search-creators';
import type { EventFormValues } from '../utils/event-form-values';

/** How a user is named in the creator choices. */
const creatorLabel = (user: { name: string | null; email: string }) =>
  user.name ? `${user.name} (${user.email})` : user.email;

/** The creator choice (lib/form/use-searched-choice: its label stays the one chosen, or the event's email). */
function CreatorField({ initialLabel }: { initialLabel?: string }) {
  const { t } = useTranslation();
  const { setValue } = useFormContext<EventFormValues>();
  const { field, label, error } = useFormField('creatorId');
  const choice = useSearchedChoice(initialLabel);
  const choices = useCreatorChoices(choice.query);
  const users = choices.data ?? [];
  const value = typeof field.value === 'number' ? String(field.value) : null;
  const data = choice.options(users, value, creatorLabel);

  return (
    <Select
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      label={label}
      description={t('eventForm.admin.creatorHint')}
      placeholder={t('eventForm.admin.creatorPlaceholder')}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={choice.search}
      onSearchChange={choice.setSearch}
      // The server searched already (accents and case ignored): show its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={choices.isFetching ? t('common.loading') : t('eventForm.admin.noCreator')}
      onChange={(next) => {
        const id = next ? Number(next) : null;
        field.onChange(id);
        const user = users.find((u) => u.id === id);
        choice.setChosenLabel(user ? creatorLabel(user) : undefined);
        if (user) {
          setValue('website', user.website ?? '', { shouldDirty: true });
          setValue('phoneNumber', user.phoneNumber ?? '', { shouldDirty: true });
        }
      }}
      error={error}
      disabled={field.disabled}
    />
  );
}

/** The active flag and the creator, above the other fields of the administrator's form. */
export function AdminEventFields({ creator }: { creator?: { email: string } | null }) {
  return (
    <>
      <CheckboxField name="active" />
      <CreatorField initialLabel={creator?.email} />
    </>
  );
}

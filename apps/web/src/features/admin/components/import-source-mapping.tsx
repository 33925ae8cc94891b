/**
 * The category mapping of a source: rows of a category name as the source writes it (compared without
 * accents and case) and the category it becomes here; rows are added and removed with buttons.
 */
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from '@/i18n/use-translation';
import { SelectField, type SelectOption, TextField } from '@/lib/form/fields';
import type { ImportSourceFormValues } from '../utils/import-source-form-schema';

const parseId = (value: string) => (value ? Number(value) : null);

/** The mapping block; `categories` are the select's choices. */
export function ImportSourceMapping({ categories }: { categories: SelectOption[] }) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<ImportSourceFormValues>();
  const rows = useFieldArray({ control, name: 'mapping' });
  const blockError = formState.errors.mapping?.message ?? formState.errors.mapping?.root?.message;

  return (
    <Fieldset legend={t('sources.form.mapping')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('sources.form.mappingHint')}
        </Text>
        {rows.fields.map((row, index) => (
          <Group key={row.id} align="flex-end" wrap="wrap">
            <TextField name={`mapping.${index}.name`} label={t('sources.form.mappingName', { n: index + 1 })} />
            <SelectField<number | null>
              name={`mapping.${index}.categoryId`}
              label={t('sources.form.mappingCategory', { n: index + 1 })}
              options={categories}
              placeholder={t('sources.form.chooseCategory')}
              parse={parseId}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => rows.remove(index)}
              aria-label={t('sources.form.mappingRemoveNamed', { n: index + 1 })}
            >
              {t('sources.form.mappingRemove')}
            </Button>
          </Group>
        ))}
        {blockError && (
          <Text size="sm" c="red.8" role="alert">
            {blockError}
          </Text>
        )}
        <Group>
          <Button variant="light" onClick={() => rows.append({ name: '', categoryId: null })}>
            {t('sources.form.mappingAdd')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

import { missingProfileFields, type User } from '@evmap/contract/users';
import { Alert, Text } from '@mantine/core';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';

/**
 * The profile completeness notice (spec section 5): which fields the saved profile still misses, as the
 * header's red alert counts them. Saving part of them is allowed; the notice follows each save.
 */
export function AccountCompleteness({ user }: { user: User }) {
  const { t } = useTranslation();
  const lang = useLang();
  const missing = missingProfileFields(user);
  if (missing.length === 0) return null;
  const label = (field: string) =>
    field === 'name' && user.type === 'event-manager'
      ? t('fields.businessName')
      : t(`fields.${field}` as 'fields.name');
  const list = new Intl.ListFormat(localeOf(lang), { type: 'conjunction' }).format(missing.map(label));
  return (
    // The title is written in the body's colour: Mantine's yellow title is below 4.5:1 on its background.
    <Alert color="yellow" variant="light" role="status" data-profile-incomplete>
      <Text size="sm" fw={700}>
        {t('account.incompleteTitle')}
      </Text>
      <Text size="sm">{t('account.incompleteText', { fields: list })}</Text>
      <Text size="sm" mt={4}>
        {t('account.incompleteHint')}
      </Text>
    </Alert>
  );
}

import { useTranslation } from 'react-i18next';

/**
 * Props for a PasswordInput whose show-password button is named in the user's language (Mantine's own name is
 * English). The button says whether the password is shown with aria-pressed, so its name stays the same.
 */
export function usePasswordToggle() {
  const { t } = useTranslation();
  return { visibilityToggleButtonProps: { 'aria-label': t('auth.showPassword') } };
}

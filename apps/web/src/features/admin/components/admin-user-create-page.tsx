import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreateAdminUser } from '../api/admin-user-create';
import { newUserValues, toRequestBody } from '../utils/admin-user-form-schema';
import { AdminUserForm } from './admin-user-form';

/**
 * `/profile/admin/users/create`: a new user with the defaults of spec section 9 (event-manager on a trial
 * ending TRIAL_MONTHS months ahead, in the administrator's language, terms accepted by the API). Once created,
 * the user's edit page opens (the API mails them a link to choose their password).
 */
export function AdminUserCreatePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const create = useCreateAdminUser();
  // The defaults are taken once, when the page opens: a language switch later does not reset the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit
  const initialValues = useMemo(() => newUserValues(lang, new Date()), []);

  return (
    <>
      <PageHeading title={t('pages.adminUserCreate')} />
      <AdminUserForm
        mode="create"
        initialValues={initialValues}
        save={(values) => create.mutateAsync(toRequestBody(values))}
        onSaved={(user) => {
          toast.success(t('adminUserForm.created'));
          void navigate(`${PATHS.adminUsers}/${user.id}`, { replace: true });
        }}
      />
    </>
  );
}

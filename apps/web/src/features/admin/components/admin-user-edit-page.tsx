import type { AdminUserValues } from '@evmap/contract/admin-users';
import type { User } from '@evmap/contract/users';
import { Alert, Center, Divider, Stack } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { useFormatDate } from '@/lib/dates';
import { PATHS } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useAdminUser } from '../api/admin-user-get';
import { useSetAdminUserPlan } from '../api/admin-user-plan';
import { useUpdateAdminUser } from '../api/admin-user-update';
import { toRequestBody, userToValues } from '../utils/admin-user-form-schema';
import { AdminUserDelete } from './admin-user-delete';
import { AdminUserForm } from './admin-user-form';

/** What the last load or save left on the server: a plan change is sent only when the form differs from it. */
type Baseline = { planType: User['planType']; trialEndedAt: string | null };

const baselineOf = (user: User): Baseline => ({
  planType: user.planType,
  trialEndedAt: user.trialEndedAt ? new Date(user.trialEndedAt).toISOString().slice(0, 10) : null,
});

function EditUser({ user }: { user: User }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const update = useUpdateAdminUser(user.id);
  const setPlan = useSetAdminUserPlan(user.id);
  const baseline = useRef(baselineOf(user));
  // The form starts from the user as loaded; later answers (after a save) do not reset what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user
  const initialValues = useMemo(() => userToValues(user), [user.id]);

  /**
   * The user's fields first (an unchanged trial day is left out, so its time of day stays), then, when the
   * plan changed, `PUT …/plans` (spec section 7). Its refusal lands on the plan field, the form saying the
   * rest was saved.
   */
  const save = async (values: AdminUserValues): Promise<User> => {
    const { planType = null, ...body } = toRequestBody(values);
    if (body.trialEndedAt === baseline.current.trialEndedAt) delete body.trialEndedAt;
    let saved = await update.mutateAsync(body);
    baseline.current = { ...baselineOf(saved), planType: baseline.current.planType };
    if (planType !== baseline.current.planType) {
      try {
        saved = await setPlan.mutateAsync({ planType });
      } catch (error) {
        const reason =
          error instanceof ApiError ? (error.errors.planType ?? error.message) : t('internal', { ns: 'errors' });
        throw new ApiError(error instanceof ApiError ? error.status : 0, {
          global: t('adminUserForm.planNotChanged'),
          planType: reason,
        });
      }
    }
    baseline.current = baselineOf(saved);
    return saved;
  };

  return (
    <Stack>
      {user.deletedAt && (
        <Alert color="red" variant="light">
          {t('adminUserForm.deletedNotice', { date: formatDate(user.deletedAt) })}
        </Alert>
      )}
      <AdminUserForm
        key={user.id}
        mode="edit"
        initialValues={initialValues}
        save={save}
        valuesOf={userToValues}
        onSaved={() => toast.success(t('adminUserForm.saved'))}
      />
      <Divider />
      <AdminUserDelete user={user} />
    </Stack>
  );
}

/**
 * `/profile/admin/users/{userId}`: every field of a user an administrator may set, and deletion. A user that
 * cannot be loaded sends the administrator back to the users list.
 */
export function AdminUserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const query = useAdminUser(userId);

  useEffect(() => {
    if (!query.isError) return;
    toast.error(t('adminUserForm.notFound'));
    void navigate(PATHS.adminUsers, { replace: true });
  }, [query.isError, navigate, t]);

  return (
    <>
      <PageHeading title={t('pages.adminUserEdit')} />
      {!query.data ? (
        <Center py="xl">
          <Spinner />
        </Center>
      ) : (
        <EditUser user={query.data} />
      )}
    </>
  );
}

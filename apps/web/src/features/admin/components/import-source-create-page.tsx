import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { toast } from '@/lib/toast';
import { useCreateImportSource } from '../api/import-source-save';
import { newImportSourceValues } from '../utils/import-source-form-schema';
import { ImportSourceForm } from './import-source-form';
import { importSourcePath } from './import-sources-page';

/**
 * `/profile/admin/sources/create`: a new source (issue 25). Once added, its page opens, where it can be run at
 * once (its first run is due anyway: the scheduler takes it).
 */
export function ImportSourceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateImportSource();
  const initialValues = useMemo(newImportSourceValues, []);

  return (
    <>
      <PageHeading title={t('sources.createTitle')} />
      <ImportSourceForm
        mode="create"
        initialValues={initialValues}
        save={(values) => create.mutateAsync(values)}
        onSaved={(source) => {
          toast.success(t('sources.toast.created', { name: source.name }));
          void navigate(importSourcePath(source.id), { replace: true });
        }}
      />
    </>
  );
}

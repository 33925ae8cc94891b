/**
 * The actions on a source, from its row in the list or its own page: "Run now" (the answer is the finished run,
 * whose counts or error are told in a toast), pause and resume (the whole source saved again with `paused`
 * changed) and deletion after a confirmation. `running` says which source has a run asked from this screen.
 */
import type { ImportRun, ImportSource } from '@evmap/contract/import';
import type { ReactNode } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { useRunToast } from '@/components/import/import-run-summary';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteImportSource } from '../api/import-source-delete';
import { useRunImportSource } from '../api/import-source-run';
import { useUpdateImportSource } from '../api/import-source-save';
import { importSourceBodyOf } from '../utils/import-source-form-schema';

export type ImportSourceActions = {
  run: (source: ImportSource) => Promise<ImportRun | undefined>;
  togglePause: (source: ImportSource) => Promise<void>;
  /** Resolves true once deleted. */
  remove: (source: ImportSource) => Promise<boolean>;
  /** The id of the source whose run is under way from here, if any. */
  running: number | undefined;
  /** The id of the source being paused, resumed or deleted, if any. */
  busy: number | undefined;
  dialog: ReactNode;
};

/** The actions; see the module comment. */
export function useImportSourceActions(): ImportSourceActions {
  const { t } = useTranslation();
  const runMutation = useRunImportSource();
  const runToast = useRunToast();
  const update = useUpdateImportSource();
  const deletion = useDeleteImportSource();
  const [confirm, dialog] = useConfirm();
  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : t('internal', { ns: 'errors' }));

  const run = async (source: ImportSource) => {
    try {
      const answer = await runMutation.mutateAsync(source.id);
      runToast(source.name, answer);
      return answer;
    } catch (error) {
      failed(error);
      return undefined;
    }
  };

  const togglePause = async (source: ImportSource) => {
    try {
      await update.mutateAsync({ id: source.id, body: importSourceBodyOf(source, { paused: !source.paused }) });
      toast.success(t(source.paused ? 'sources.toast.resumed' : 'sources.toast.paused', { name: source.name }));
    } catch (error) {
      failed(error);
    }
  };

  const remove = async (source: ImportSource) => {
    const confirmed = await confirm({
      title: t('sources.confirmDeleteTitle'),
      message: t('sources.confirmDeleteText', { name: source.name }),
      confirmLabel: t('sources.actions.delete'),
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await deletion.mutateAsync(source.id);
    } catch (error) {
      failed(error);
      return false;
    }
    toast.success(t('sources.toast.deleted', { name: source.name }));
    return true;
  };

  return {
    run,
    togglePause,
    remove,
    running: runMutation.isPending ? runMutation.variables : undefined,
    busy: update.isPending ? update.variables?.id : deletion.isPending ? deletion.variables : undefined,
    dialog,
  };
}

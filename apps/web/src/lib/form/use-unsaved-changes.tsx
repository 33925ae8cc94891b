/**
 * Unsaved changes are not lost without a word: while `dirty`, leaving the page in the app (a link, the
 * back button, the tab bar) asks first, with the router's blocker, and closing or reloading the tab asks
 * the browser's own question (`beforeunload`). A save calls `release()` first, so the navigation that
 * follows it is not asked about.
 */
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { useTranslation } from '@/i18n/use-translation';
import { type BlockerFunction, useBlocker } from '@/lib/router/use-blocker';

export type UnsavedChanges = {
  /** The confirmation dialog to render. */
  dialog: ReactNode;
  /** Lets the next navigations through (after a save, or a discard). */
  release: () => void;
};

/** Asks before leaving while `dirty`; `message` says what becomes of the changes (lost, or kept as a draft). */
export function useUnsavedChanges(dirty: boolean, message?: string): UnsavedChanges {
  const { t } = useTranslation();
  const [confirm, dialog] = useConfirm();
  const released = useRef(false);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // A new change after a release (a save that failed, a form kept open) is guarded again.
  useEffect(() => {
    if (dirty) released.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void confirm({
      title: t('unsaved.title'),
      message: message ?? t('unsaved.message'),
      confirmLabel: t('unsaved.leave'),
      danger: true,
    }).then((leave) => {
      if (!current) return;
      if (blockerRef.current.state !== 'blocked') return;
      if (leave) blockerRef.current.proceed?.();
      else blockerRef.current.reset?.();
    });
    return () => {
      current = false;
    };
  }, [blocker.state, confirm, message, t]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { dialog, release };
}

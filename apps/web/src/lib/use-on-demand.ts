/**
 * A part of a screen whose code is loaded when it is first asked for (the account menu, the report question): its
 * button asks for the code as soon as a pointer or the focus reaches it (`preload`: the button's props), and `show()`
 * loads it and gives it (`loaded`); when the code cannot be downloaded (offline), a toast says so and the button
 * stays. `hide()` puts the button back.
 */
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { toast } from '@/lib/toast';

export function useOnDemand<M, C>(load: () => Promise<M>, pick: (module: M) => C) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<C | null>(null);
  const show = () => {
    load().then(
      (module) => setLoaded(() => pick(module)),
      () => toast.error(t('unavailable', { ns: 'errors' })),
    );
  };
  const ask = () => void load();
  return { loaded, show, hide: () => setLoaded(null), preload: { onPointerEnter: ask, onFocus: ask } };
}

/** The history the app's router runs on (app/app-router.tsx), for the hooks that need more than React Router's. */
import { createContext, useContext } from 'react';
import type { AppHistory } from './app-history';

export const HistoryContext = createContext<AppHistory | null>(null);

export function useAppHistory(): AppHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useAppHistory is used outside the app router');
  return history;
}

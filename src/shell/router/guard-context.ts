/** Tells the layout that the guard is still loading the user's info (the body shows the loading overlay). */
import { createContext, useContext } from 'react';

export const GuardPendingContext = createContext(false);

export function useGuardPending(): boolean {
  return useContext(GuardPendingContext);
}

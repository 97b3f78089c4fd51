/** Lets pages inside the kept-alive body drop a cached page (the redirect helper re-mounts a route this way). */
import { createContext, useContext } from 'react';

export interface KeepAliveApi {
  /** forget the kept copy of `pathname` so its next visit mounts it afresh */
  drop: (pathname: string) => void;
}

export const KeepAliveContext = createContext<KeepAliveApi>({ drop: () => {} });

export function useKeepAlive(): KeepAliveApi {
  return useContext(KeepAliveContext);
}

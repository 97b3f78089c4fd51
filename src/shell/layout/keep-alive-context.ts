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

/** The layout's kept pages by pathname, once it has mounted (ShellLayout shares its map). */
let keptNow: ReadonlyMap<string, unknown> = new Map();

/** Makes `pages` the map `isKeptAlive` reads; returns it. */
export function shareKeptPages<M extends ReadonlyMap<string, unknown>>(pages: M): M {
  keptNow = pages;
  return pages;
}

/** Whether a navigation to `pathname` shows a kept page as it was (asking nothing) rather than mounting it. */
export function isKeptAlive(pathname: string): boolean {
  return keptNow.has(pathname);
}

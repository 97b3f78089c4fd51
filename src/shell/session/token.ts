/**
 * The session token: localStorage key from app.json request.tokenStorageKey ("Authorization"),
 * holding the bare token string that travels in the x-misi-token header.
 *
 * @example
 * setToken('abc'); getToken() // "abc"
 */
import { appConfig } from '../config';
import { readStorage, removeStorage, writeStorage } from '../storage';

const KEY = appConfig.request.tokenStorageKey;

export function getToken(): string | null {
  const t = readStorage(KEY);
  return t ? t : null;
}

export function setToken(token: string): void {
  writeStorage(KEY, token);
}

export function clearToken(): void {
  removeStorage(KEY);
}

/**
 * localStorage access that never throws (private mode, disabled storage, tests without a DOM):
 * a failed read is "absent", a failed write is ignored. Values are bare strings, never JSON-quoted.
 *
 * @example
 * writeStorage('locale', 'en-US'); readStorage('locale') // "en-US"
 */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

import { describe, expect, test } from 'vitest';
import { isStaleBuildError } from './stale-build';

describe('isStaleBuildError', () => {
  test("recognises each browser's wording of a chunk that failed to load", () => {
    expect(isStaleBuildError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'))).toBe(true); // Chromium
    expect(isStaleBuildError(new TypeError('error loading dynamically imported module: http://x/assets/a-1.js'))).toBe(true); // Firefox
    expect(isStaleBuildError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isStaleBuildError(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true); // Vite
  });
  test('other failures are not a stale build', () => {
    expect(isStaleBuildError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isStaleBuildError(undefined)).toBe(false);
    expect(isStaleBuildError({ status: 404 })).toBe(false);
  });
});

/**
 * The schema of the resource an operation-log entry is about, for `use()`: one promise per loader and
 * name, kept, so every row of a page (and every later render) reads the same one and suspends at most
 * once. Undefined for a name with no schema file (sign-ins: "auth"), or when the runtime loads none.
 *
 * @example
 * const staff = use(loggedResource(useRuntime().loadResource, 'staff'));
 */
import type { Resource } from '../../schema';
import { fulfilled, tracked } from '../../engine/settled';

type Loader = (name: string) => Promise<Resource | undefined>;

const NONE: Promise<Resource | undefined> = fulfilled(undefined);
const loaded = new WeakMap<Loader, Map<string, Promise<Resource | undefined>>>();

export function loggedResource(load: Loader | undefined, name: string): Promise<Resource | undefined> {
  if (!load || !name) return NONE;
  let byName = loaded.get(load);
  if (!byName) loaded.set(load, (byName = new Map()));
  let p = byName.get(name);
  if (!p) {
    // a schema that fails to load leaves the values as plain text rather than the screen broken
    p = tracked(load(name).catch(() => undefined));
    byName.set(name, p);
  }
  return p;
}

/** File fields of multipart forms: the keys a request sent or uploaded, and a check that they name stored files. */
import type { Db, HandlerContext } from './contract';

/**
 * Keys of an image/file field of a multipart form. The field arrives either as file parts (stored by
 * the core, so ctx.files has their keys) or as keys uploaded earlier through /file/upload.
 * undefined: the field was not sent (keep the current value); []: sent empty (clear it).
 */
export function fileKeys(ctx: Pick<HandlerContext, 'files' | 'input'>, name: string): string[] | undefined {
  const parts = ctx.files[name] ?? [];
  const sent = ctx.input[name];
  if (sent === undefined && parts.length === 0) return undefined;
  const keys: string[] = sent === undefined || sent === null || sent === '' ? [] : Array.isArray(sent) ? sent : [sent];
  // The core also lists a stored part's key in the input; keep each key once, in order.
  return [...new Set([...keys, ...parts.map((f) => f.key)])];
}

/**
 * Refuses keys that name no stored file (a typo or a forged key would otherwise leave a broken
 * image). Returns the first unknown key, or null.
 */
export async function unknownFileKey(db: Db, keys: readonly (string | null | undefined)[]): Promise<string | null> {
  const wanted = [...new Set(keys.filter((k): k is string => !!k))];
  if (!wanted.length) return null;
  const r = await db.query<{ key: string }>(`SELECT key FROM files WHERE key = ANY($1::text[])`, [wanted]);
  const found = new Set(r.rows.map((x) => x.key.trim()));
  return wanted.find((k) => !found.has(k)) ?? null;
}

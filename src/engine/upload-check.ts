/**
 * Checks a file against a field's `accept` kinds and `maxSizeMB` before uploading, returning an
 * i18n key with values for a message that names the limit, or null when the file may be sent.
 *
 * @example
 * checkUpload(file, { type: 'image', title: 'staff.avatar', accept: ['image'], maxSizeMB: 2 })
 * // { key: 'renderer.upload.tooLarge', values: { max: 2 } } for a 3 MB photo
 */
import type { AnyField } from '../schema';

/** The kinds the server accepts (it sniffs the bytes too): images are PNG, JPEG or WebP. */
const MIME: Record<string, (mime: string, name: string) => boolean> = {
  image: (m, n) => /^image\/(png|jpeg|webp)$/.test(m) || /\.(png|jpe?g|webp)$/i.test(n),
  pdf: (m, n) => m === 'application/pdf' || /\.pdf$/i.test(n),
};
/** Format names shown in the message (the same in every locale). */
const FORMATS: Record<string, string> = { image: 'PNG/JPEG/WebP', pdf: 'PDF' };

/** The <input accept> string of a field. */
export function acceptAttr(field: AnyField): string | undefined {
  if (!field.accept?.length) return field.type === 'image' ? 'image/png,image/jpeg,image/webp' : undefined;
  return field.accept.map((k) => (k === 'image' ? 'image/png,image/jpeg,image/webp' : 'application/pdf,.pdf')).join(',');
}

export function checkUpload(
  file: { type: string; name: string; size: number },
  field: AnyField,
): { key: string; values: Record<string, string | number> } | null {
  // First: an empty file is no type at all, and the server would refuse it as empty anyway.
  if (file.size === 0) return { key: 'renderer.upload.empty', values: {} };
  const kinds = field.accept ?? (field.type === 'image' ? ['image'] : undefined);
  if (kinds && !kinds.some((k) => MIME[k]?.(file.type, file.name))) {
    return { key: 'renderer.upload.badType', values: { types: kinds.map((k) => FORMATS[k] ?? k).join(', ') } };
  }
  if (field.maxSizeMB !== undefined && file.size > field.maxSizeMB * 1024 * 1024) {
    return { key: 'renderer.upload.tooLarge', values: { max: field.maxSizeMB } };
  }
  return null;
}

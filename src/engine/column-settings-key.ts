/**
 * Where a user's column settings of a list live in localStorage (read by the list, and by the
 * prepaint so its static copy hides the same columns).
 *
 * @example
 * columnSettingsKey('order', '42') // "columns:42:order"
 */
export function columnSettingsKey(resourceName: string, userId: string | undefined): string {
  return `columns:${userId ?? 'anonymous'}:${resourceName}`;
}

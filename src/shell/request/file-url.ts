/**
 * The URL an uploaded file is read from (its storage key through the public file route). Its own
 * module: cells import it without the request layer.
 *
 * @example
 * fileUrl('2026/11/a.png') // "/api/public/file?key=2026%2F11%2Fa.png"
 */
import { appConfig } from '../config';

export function fileUrl(key: string): string {
  return `${appConfig.request.prefix.replace(/\/+$/, '')}/public/file?key=${encodeURIComponent(key)}`;
}

/**
 * The app settings (schemas/app.json) as the shell reads them: title, layout, request rules, i18n, session.
 * The file is generic configuration (no screen names), so the shell may read it directly.
 *
 * @example
 * appConfig.request.prefix // "/api"
 */
import appJson from '../../schemas/app.json';
import type { AppSchema } from '../schema';

export const appConfig = appJson as unknown as AppSchema;

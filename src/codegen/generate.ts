/**
 * `npm run gen`: every generated file as path → content (deterministic: sorted keys, stable order,
 * formatted). Writing and comparing is the CLI's job.
 *
 * @example
 * const files = generateAll(set, messages, readClientSources(root));
 * Object.keys(files) // ['public/locales/en-US.json', …, 'src/generated/types.ts']
 */
import { buildOpenApi, openApiText } from '../schema/openapi';
import { genIcons } from './gen-icons';
import { genOptionAccess } from './gen-option-access';
import { genRoutes } from './gen-routes';
import { genServices, usedServices } from './gen-services';
import { genTypes } from './gen-types';
import { APP_META, RESOURCE_META } from './meta-schema';
import type { SourceFile } from './load';
import type { LocaleMessages, SchemaSet } from './model';
import { JSON_COMMENT, cmp, jsonText, sortDeep } from './text';

/** Folders whose every file comes from `gen` (other files there are stale), except their README.md. */
export const GENERATED_DIRS = ['src/generated', 'schemas/meta', 'public/locales'];

/** `clientSources`: the browser code (src/ without src/generated and tests) scanned for the services it calls. */
export function generateAll(set: SchemaSet, messages: LocaleMessages, clientSources: SourceFile[] = []): Record<string, string> {
  const services = genServices(set, usedServices(clientSources));
  const files: Record<string, string> = {
    'schemas/meta/app.schema.json': metaText('App settings (schemas/app.json)', APP_META),
    'schemas/meta/resource.schema.json': metaText('A resource: one screen or API service (schemas/<name>.json)', RESOURCE_META),
    'src/generated/routes.ts': genRoutes(set),
    'src/generated/option-access.ts': genOptionAccess(set),
    'src/generated/icons.ts': genIcons(set),
    'src/generated/types.ts': genTypes(set),
    ...(services ? { 'src/generated/services.ts': services } : {}),
    'src/generated/openapi.json': jsonText({
      'x-comment': JSON_COMMENT,
      // In the default locale; the server serves the others (/api/public/openapi.json?locale=en-US).
      ...sortDeep(
        buildOpenApi(
          set.app,
          set.resources.map((r) => r.resource),
          openApiText(messages[set.app.i18n.defaultLocale] ?? {}),
        ),
      ),
    }),
  };
  for (const locale of set.app.i18n.locales.map((l) => l.code)) {
    const flat = messages[locale] ?? {};
    files[`public/locales/${locale}.json`] = jsonText({
      $comment: `${JSON_COMMENT} (merged from locales/${locale}/*.json)`,
      ...Object.fromEntries(
        Object.keys(flat)
          .sort(cmp)
          .map((k) => [k, flat[k]]),
      ),
    });
  }
  return Object.fromEntries(
    Object.keys(files)
      .sort(cmp)
      .map((k) => [k, files[k]]),
  );
}

function metaText(title: string, schema: Record<string, unknown>): string {
  return jsonText({ $comment: JSON_COMMENT, $schema: 'http://json-schema.org/draft-07/schema#', title, ...schema });
}

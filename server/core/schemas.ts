/**
 * Loads schemas/app.json and every schemas/*.json resource, checked against the schema language
 * (the same TypeBox definitions the CLI uses), so a malformed file stops the start with its name.
 *
 * @example
 * const { app, resources } = loadSchemas('schemas');
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AppSchema, Resource } from '../../src/schema';

export interface LoadedSchemas {
  app: AppSchema;
  resources: Resource[];
}

/** `only`: resource names to load (tests that serve a few modules); default every file. */
export function loadSchemas(dir: string, only?: readonly string[]): LoadedSchemas {
  // TypeBox checks by interpretation: no code generation, so a start costs milliseconds, not the
  // second ajv needs to compile the whole schema language.
  const firstError = (schema: TSchema, data: unknown): string | undefined => {
    const e = Value.Errors(schema, data).First();
    return e ? `${e.path ? ` at ${e.path}` : ''}: ${e.message}` : undefined;
  };
  const read = (file: string): unknown => {
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      throw new Error(`schemas/${file} is missing (looked in ${dir})`);
    }
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error(`schemas/${file} is not valid JSON: ${(err as Error).message}`);
    }
  };
  const app = read('app.json');
  const appError = firstError(AppSchema, app);
  if (appError) throw new Error(`schemas/app.json${appError}`);
  const resources: Resource[] = [];
  const names = new Set<string>();
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'app.json' && (!only || only.includes(f.slice(0, -5))));
  for (const file of files.sort()) {
    const data = read(file);
    const error = firstError(Resource, data);
    if (error) throw new Error(`schemas/${file}${error}`);
    const resource = data as Resource;
    if (names.has(resource.name)) throw new Error(`schemas/${file}: resource name "${resource.name}" is used twice`);
    names.add(resource.name);
    resources.push(resource);
  }
  for (const name of only ?? []) {
    if (!names.has(name)) throw new Error(`schemas/${name}.json: no such resource`);
  }
  return { app: app as AppSchema, resources };
}

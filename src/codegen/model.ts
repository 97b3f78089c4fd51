/** The parsed schema folder the generators work from (after validation passed). */
import type { AppSchema, Resource } from '../schema';

export interface LoadedResource {
  /** file name inside schemas/, e.g. "staff.json" */
  file: string;
  resource: Resource;
}

export interface SchemaSet {
  app: AppSchema;
  /** sorted by file name */
  resources: LoadedResource[];
}

/** Flat message maps per locale code, e.g. { "zh-CN": { "staff.username": "Username" } }. */
export type LocaleMessages = Record<string, Record<string, string>>;

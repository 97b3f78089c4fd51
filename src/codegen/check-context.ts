/** What the cross-file checks see: every parsed schema file and what the project provides. */
import type { AppSchema, Resource } from '../schema';
import type { Diagnostic } from './diagnostics';
import type { JsonFile } from './json-file';

export interface ResourceFile {
  file: JsonFile;
  res: Resource;
}

/** Handler names per server module resource, and the file that lists the modules (for positions). */
export interface HandlerIndex {
  source: string;
  modules: Record<string, string[]>;
}

export interface CheckContext {
  /** app.json when it passed the meta-schema, else what could be parsed (checks read it defensively) */
  app: Partial<AppSchema>;
  appFile: JsonFile | null;
  /** resource files that passed the meta-schema */
  resources: ResourceFile[];
  /**
   * every parsed resource file, read leniently (only well-formed names, routes and bindings), so a
   * mistake in one file does not make other files' references to it fail too
   */
  known: ResourceFile[];
  handlers: HandlerIndex | null;
  /**
   * some schema file is not JSON at all: "declared in no schema file" cannot be told, since the
   * declaration may be in that file (its syntax error is the one to fix first)
   */
  unreadable?: boolean;
  iconExists?: (name: string) => boolean;
  out: Diagnostic[];
}

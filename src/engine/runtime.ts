/**
 * The one narrow contract between the generic engine/renderer and whatever hosts them (the shell).
 * The host provides it with <RuntimeProvider value={...}>; engine hooks read it with useRuntime().
 *
 * @example
 * const { call, user } = useRuntime();
 * const page = await call(resource.api!.list, { current: 1, pageSize: 20 });
 */
import { createContext, useContext } from 'react';
import type { ApiBinding, AppSchema, Resource, UploadedFile } from '../schema';

export interface RuntimeUser {
  id: string;
  username: string;
  nickname: string;
  avatar?: string | null;
  roles: string[];
}

export interface CallOptions {
  /** sent as the Idempotency-Key header (bindings with idempotent: true) */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** upload progress 0..100 (multipart) */
  onProgress?: (percent: number) => void;
  /** download progress: bytes received so far, and the rows the server announced (X-Total-Count), if any */
  onDownload?: (received: number, totalRows: number | null) => void;
  /**
   * Called when the answer this call gives was asked for before it (a GET sent ahead: on a press, a
   * resting pointer, the entry's early requests), with when (performance.now()) that was.
   */
  onAskedBefore?: (at: number) => void;
}

/** Thrown by `call` for any failure: a non-zero body code, an HTTP error, a timeout or a network error. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: number,
    public readonly status: number,
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An answer that came before the view asked (Runtime.arrived). */
export interface ArrivedData {
  data: unknown;
  /** marks it used, once the view showing it is on screen */
  take: () => void;
  /** when (performance.now()) it was asked for and when it came */
  askedAt: number;
  answeredAt: number;
}

export interface Runtime {
  app: AppSchema;
  user: RuntimeUser | null;
  locale: string;
  /**
   * Performs one API binding. GET: input as query string; POST: JSON body, or multipart/form-data
   * when binding.multipart (arrays become repeated fields). Resolves with the envelope's `data`.
   */
  call: <T = unknown>(binding: ApiBinding, input?: Record<string, unknown>, options?: CallOptions) => Promise<T>;
  /**
   * The data of a GET whose answer has already arrived (asked for before the app started), at once;
   * undefined when there is none, and `call` is the way. Lets a list's first render show its rows.
   * Nothing is taken by reading it (a render may be thrown away): `take()` once it is on screen.
   */
  arrived?: (binding: ApiBinding, input?: Record<string, unknown>) => ArrivedData | undefined;
  /** Calls `listener` whenever the answer `arrived` would give for this GET has come; returns its removal. */
  onArrival?: (binding: ApiBinding, input: Record<string, unknown> | undefined, listener: () => void) => () => void;
  /**
   * Sends a GET now, whose answer the next identical `call` takes (within seconds): a request can leave
   * from a click before the component that makes it has rendered. `press`: sent as a button goes down,
   * for the click that should follow; kept only briefly (a press that ends elsewhere is no click).
   * Absent: nothing is sent ahead.
   */
  prefetch?: (binding: ApiBinding, input?: Record<string, unknown>, opts?: { press?: boolean }) => Promise<void> | void;
  /** Uploads one file through the app's upload API (POST /file/upload, multipart field "file"). */
  upload: (file: File, options?: CallOptions) => Promise<UploadedFile>;
  /** URL that serves a stored file by its key (usable in <img src>). */
  fileUrl: (key: string) => string;
  /** Calls a binding whose response is a file (export) and saves it under the server-given name. */
  download: (binding: ApiBinding, input?: Record<string, unknown>, options?: CallOptions) => Promise<void>;
  /** Loads another resource's schema by name (for ref fields and links). */
  loadResource?: (name: string) => Promise<Resource | undefined>;
  /**
   * The schemas of the resource screens in the user's menu, once loaded (the shell loads them when the
   * browser is idle): a list prepares what another list's first render needs (its column widths'
   * text measures) before the menu click. Absent: nothing is prepared.
   */
  menuResources?: () => Promise<Resource[]>;
  /**
   * The roles that may read each option source, by path (src/generated/option-access.ts): a list's
   * search form leaves out a filter whose options the user cannot read. Absent: every source is open.
   */
  optionReaders?: Readonly<Record<string, readonly string[]>>;
}

export const RuntimeContext = createContext<Runtime | null>(null);
export const RuntimeProvider = RuntimeContext.Provider;

export function useRuntime(): Runtime {
  const rt = useContext(RuntimeContext);
  if (!rt) throw new Error('useRuntime() needs a <RuntimeProvider> above it');
  return rt;
}

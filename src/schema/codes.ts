/** Response codes in the {code,msg,data} envelope, shared by server and client. */
export const CODES = {
  OK: 0,
  BAD_REQUEST: 40000,
  UNAUTHENTICATED: 40100,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TOO_LARGE: 41300,
  UNSUPPORTED_MEDIA: 41500,
  RATE_LIMITED: 42900,
  SERVER_ERROR: 50000,
  /** token invalid, expired or revoked (spec §8: "login expired") */
  SESSION_EXPIRED: 100000,
} as const;
export type Code = (typeof CODES)[keyof typeof CODES];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
  /** false when `total` is the database's estimate (huge results); absent means exact */
  totalExact?: boolean;
}

/** One choice of an options result (a dictionary); `Id`: how its 64-bit id values are typed (bigint on the server). */
export interface Option<Id = string> {
  value: Id | string | number | boolean;
  label: string;
  [extra: string]: unknown;
}

export interface UploadedFile {
  key: string;
  url: string;
  name: string;
  size: number;
  mime: string;
}

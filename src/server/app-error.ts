// A refusal's type, where services, jobs and the HTTP layer all take it from: this module loads no other code.

const statusOf = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A book that was sold or removed, a mail link signed out of: it existed and will not come back. */
  GONE: 410,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  /** The server is too busy for this now (its picture queue is full): try again after Retry-After. */
  UNAVAILABLE: 503,
} as const;

/** The kind of a refusal: it sets the status, and is the answer's code unless a more specific one is given. */
export type AppErrorKind = keyof typeof statusOf;

/** Every `code` an error answer of our API can carry (the card processor's declines have codes of their own). */
export const errorCodes = [
  ...(Object.keys(statusOf) as AppErrorKind[]),
  // An /api path no route answers, told apart from an unknown id (NOT_FOUND).
  'NO_SUCH_ROUTE',
  // A mail link whose owner signed out of the links of the mail sent before it, told apart from a forged one.
  'LINK_SIGNED_OUT',
  // Our own bug, never something the client sent.
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface AppErrorOptions {
  /** The input that was refused (`bookName`, `image`, `limit` …), so a form can show the message beside it. */
  field?: string;
  /** A code more specific than the kind. */
  code?: ErrorCode;
  /** Sent as Retry-After (with a 429 or a 503). */
  retryAfterSeconds?: number;
}

/** A refusal a client caused; the error handler answers it as `{ error, code, field? }` with its status. */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: AppErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.kind = kind;
    this.code = options.code ?? kind;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status() {
    return statusOf[this.kind];
  }
}

/** The kind whose status this is; a 4xx status of no kind of ours is bad input. */
export function kindOfStatus(status: number): AppErrorKind {
  const found = Object.entries(statusOf).find(([, known]) => known === status);
  return found ? (found[0] as AppErrorKind) : 'BAD_REQUEST';
}

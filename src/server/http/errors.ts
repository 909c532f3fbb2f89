const statusOf = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
} as const;

export type AppErrorCode = keyof typeof statusOf;

/** A refusal a client caused; the error handler answers it as `{ error }` with its status. */
export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  get status() {
    return statusOf[this.code];
  }
}

/**
 * The one error vocabulary: services throw these, the error handler turns them into `{ message, code }` + status.
 * A message built with values passes its `code` and `params` in `extra` (SERVER_ERRORS in the contract).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class ValidationError extends AppError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(400, message, extra);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Not logged in') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}
export class TooManyRequestsError extends AppError {
  /** `retryAfterSeconds`, when known, is sent as the Retry-After header. */
  constructor(
    message = 'Too many requests. Try again later.',
    readonly retryAfterSeconds?: number,
    extra?: Record<string, unknown>,
  ) {
    super(429, message, extra);
  }
}

import type { FastifyLoggerOptions } from 'fastify';

/**
 * How errors are written to the log. A failed statement carries the values it was given
 * (Drizzle puts them in its message and `params`; PostgreSQL and PGlite in `params`, `detail`
 * — "Failing row contains (…)" — and some messages), and those values are people's data: a
 * learner's SCORM answers, names, e-mail addresses. The log keeps the statement, the SQLSTATE
 * and where it failed, never the values.
 */

/** Fields of a database error that hold values of the statement, never logged. */
const VALUE_FIELDS = new Set([
  'params',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'queryOptions',
]);

/** Drizzle's wrapper: "Failed query: <sql>\nparams: <values>". */
const PARAMS_LINE = /\nparams: [\s\S]*$/;

const isDatabaseError = (error: Error): boolean => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

/** The message without values: Drizzle's parameter line, PostgreSQL's quoted input at the end. */
function safeMessage(error: Error): string {
  const message = error.message.replace(PARAMS_LINE, '');
  // 'invalid input syntax for type integer: "<value>"' names the value it refused.
  return isDatabaseError(error) ? message.replace(/: ".*"$/s, ': "…"') : message;
}

type LoggedError = { type: string; message: string; stack: string; cause?: LoggedError } & Record<
  string,
  unknown
>;

function describe(error: Error, depth: number): LoggedError {
  const message = safeMessage(error);
  const logged: LoggedError = {
    type: error.constructor.name || error.name,
    message,
    // The stack starts with the message: the values are cut from it the same way.
    stack: error.stack?.replace(error.message, message) ?? message,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in logged || VALUE_FIELDS.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      logged[key] = value;
  }
  if (error.cause instanceof Error && depth < 4) logged.cause = describe(error.cause, depth + 1);
  return logged;
}

/**
 * The `err` serializer of every logger of the app (pino calls it for `{ err }` and for an
 * Error logged alone); something thrown that is not an Error is written as its text.
 */
export function serializeError(value: unknown): LoggedError {
  return value instanceof Error
    ? describe(value, 0)
    : { type: typeof value, message: String(value), stack: '' };
}

/** The logger options of the app and the content origin: the level, and errors without values. */
export const loggerOptions = (level: string): FastifyLoggerOptions => ({
  level,
  serializers: { err: serializeError },
});

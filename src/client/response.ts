/**
 * Turns a response body into a value or an error. Error bodies are `{code, id, message, errors?}`;
 * a failed bulk request instead answers `{results: [...]}` with the error body at the failing index.
 */
import { ServiceError, TransportInvalidResponseError, type ServiceValidationErrors } from './errors.js';

export interface ResponseContext {
  method: string;
  path: string;
  status: number;
  contentType: string | undefined;
  redact: (text: string) => string;
}

/** A 2xx body as JSON (an empty body counts as `{}`). */
export function parseSuccess(text: string, context: ResponseContext): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(text, context, 'a body that is not JSON');
  }
}

/** The error for a non-2xx answer. */
export function errorFromBody(text: string, context: ResponseContext): Error {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return invalid(text, context, 'a body that is not JSON');
  }
  const direct = asErrorBody(body);
  if (direct) return serviceError(direct, context);
  const results = isObject(body) && Array.isArray(body.results) ? (body.results as unknown[]) : undefined;
  if (results) {
    const bulkIndex = results.findIndex((result) => asErrorBody(result) !== undefined);
    const failed = asErrorBody(results[bulkIndex]);
    if (failed) return serviceError(failed, context, { bulkIndex, bulkResults: results });
  }
  return invalid(text, context, 'a JSON body that is not an error object');
}

interface ErrorBody {
  code: string;
  id: string;
  message: string;
  errors: ServiceValidationErrors | undefined;
}

function asErrorBody(value: unknown): ErrorBody | undefined {
  if (!isObject(value) || typeof value.code !== 'string') return undefined;
  return {
    code: value.code,
    id: typeof value.id === 'string' ? value.id : '',
    message: typeof value.message === 'string' ? value.message : '',
    errors: isObject(value.errors) ? (value.errors as ServiceValidationErrors) : undefined,
  };
}

function serviceError(
  body: ErrorBody,
  context: ResponseContext,
  bulk?: { bulkIndex: number; bulkResults: unknown[] },
): ServiceError {
  return new ServiceError({
    status: context.status,
    code: context.redact(body.code),
    id: context.redact(body.id),
    message: context.redact(body.message),
    errors: redactJson(body.errors, context),
    method: context.method,
    path: context.path,
    bulkIndex: bulk?.bulkIndex,
    bulkResults: redactJson(bulk?.bulkResults, context),
  });
}

/**
 * Structured parts of an answer go through the redactor too, in case the service echoed a header:
 * keys as well as values (`errors` is keyed by the offending input, which may be the secret).
 */
function redactJson<T>(value: T, context: ResponseContext): T {
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return context.redact(item);
    if (Array.isArray(item)) return item.map(walk);
    if (isObject(item)) {
      return Object.fromEntries(Object.entries(item).map(([k, v]) => [context.redact(k), walk(v)]));
    }
    return item;
  };
  return walk(value) as T;
}

function invalid(text: string, context: ResponseContext, reason: string): TransportInvalidResponseError {
  return new TransportInvalidResponseError({
    status: context.status,
    contentType: context.contentType,
    bodySnippet: context.redact(text).slice(0, 300),
    method: context.method,
    path: context.path,
    reason,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

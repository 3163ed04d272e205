import { ServiceError } from '../client/index.js';

/** The error as a user reads it: a service's validation errors name the part that was refused. */
export function errorText(error: unknown): string {
  if (error instanceof ServiceError && error.errors) {
    const details = Object.entries(error.errors)
      .map(([path, { messages }]) => `${path}: ${messages.join(' ')}`)
      .join('; ');
    return `${error.message} ${details}`;
  }
  return error instanceof Error ? error.message : String(error);
}

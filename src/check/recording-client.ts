/**
 * A client that passes every call through and notes what apply did with it: how many writes and
 * deploy calls it made, the app ids it named, and the first call the service refused (with the
 * arguments' app). Only the shadow's client is wrapped, so the counts are the shadow's.
 */
import { ServiceError, type Client } from '../client/index.js';

export interface RefusedCall {
  error: ServiceError;
  /** The app the call named (`app` or `id` of its parameters), when it named one. */
  appId: string | null;
  /** The call's parameters: the request's body, which the errors' keys walk. */
  body: unknown;
}

export interface CallLog {
  writes: number;
  deployCalls: number;
  refused: RefusedCall | null;
}

/** Reads by name: what neither writes nor deploys (`get…`, `waitFor…`, downloads, iterations). */
const READ = /^(get|waitFor|download|iterate|list|read|close)/;

export function recordingClient(client: Client): { client: Client; log: CallLog } {
  const log: CallLog = { writes: 0, deployCalls: 0, refused: null };
  const wrapGroup = (group: object): object =>
    new Proxy(group, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        return (...args: unknown[]) => {
          if (name === 'deploy') log.deployCalls += 1;
          else if (!READ.test(name)) log.writes += 1;
          // Called on the group itself: its private fields are not the proxy's.
          const answer: unknown = Reflect.apply(value, target, args);
          if (!(answer instanceof Promise)) return answer;
          return answer.catch((error: unknown) => {
            if (error instanceof ServiceError && log.refused === null && !READ.test(name)) {
              // The parameters: the first argument, or the first naming an app where an entry
              // comes before them (`settings.write(entry, params)`).
              const params = args.find((arg) => appOf(arg) !== null) ?? args[0];
              log.refused = { error, appId: appOf(params), body: params };
            }
            throw error;
          });
        };
      },
    });
  const groups = new Map<PropertyKey, object>();
  const wrapped = new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (value === null || typeof value !== 'object') return value;
      let group = groups.get(name);
      if (!group) groups.set(name, (group = wrapGroup(value)));
      return group;
    },
  });
  return { client: wrapped, log };
}

function appOf(params: unknown): string | null {
  if (params === null || typeof params !== 'object') return null;
  const named = (params as { app?: unknown; id?: unknown }).app ?? (params as { id?: unknown }).id;
  return typeof named === 'string' || typeof named === 'number' ? String(named) : null;
}

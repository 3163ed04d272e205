/**
 * A client whose reads of settings are remembered: `plan --check` plans through it, then reads the
 * copy through it, so every area the plan already read (the same call, the same parameters) is not
 * asked again, and the copy is what the plan saw. Only settings reads are remembered (`get…` of
 * apps, settings, form, app plug-ins and plug-ins); records are always read anew.
 */
import type { Client } from '../client/index.js';

const REMEMBERED = new Set(['apps', 'settings', 'form', 'appPlugins', 'plugins']);

export function rememberingReads(client: Client): Client {
  const answers = new Map<string, unknown>();
  const groups = new Map<PropertyKey, object>();
  const wrapGroup = (groupName: string, group: object): object =>
    new Proxy(group, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        if (!name.startsWith('get'))
          return (...args: unknown[]): unknown => Reflect.apply(value, target, args);
        return (...args: unknown[]) => {
          // Options (a signal, a timeout) do not change the answer: the parameters alone key it.
          const key = `${groupName}.${name} ${JSON.stringify(args[0] ?? null)}`;
          let answer = answers.get(key);
          if (answer === undefined) {
            answer = Reflect.apply(value, target, args);
            // A failed read is not remembered: the next caller asks again.
            if (answer instanceof Promise) answer.catch(() => answers.delete(key));
            answers.set(key, answer);
          }
          return answer;
        };
      },
    });
  return new Proxy(client, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !REMEMBERED.has(name) || value === null || typeof value !== 'object')
        return value;
      let group = groups.get(name);
      if (!group) groups.set(name, (group = wrapGroup(name, value)));
      return group;
    },
  });
}

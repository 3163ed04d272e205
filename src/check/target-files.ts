/**
 * The shadow's client with the target's files behind it. The copy holds the target's settings,
 * customization files and icons named by their keys, but not their bytes (docs/check.md, "What it
 * cannot know"). A write that keeps such a file sends its key again, which the copy takes; apply's
 * check after the deploy (apply/verify.ts) then downloads every file the live copy names to hash
 * it, and the copy answered 404 GAIA_BL01 for the kept one: `plan --check` failed with the
 * service's error, with no word of the check, whenever one file of several changed. Downloads the
 * copy does not hold are read from the target: a GET, so the target is still only read.
 */
import { ServiceError, type Client } from '../client/index.js';

/** The platform's answer to a file key it does not hold (spec platform-facts.md: "file key not found or expired", 404 GAIA_BL01), which the local service gives too. */
const NO_SUCH_FILE = 'GAIA_BL01';

export function withTargetFiles(shadow: Client, target: Client): Client {
  const files = new Proxy(shadow.files, {
    get(group, name, receiver) {
      const value: unknown = Reflect.get(group, name, receiver);
      if (typeof value !== 'function') return value;
      // Called on the group itself: its private fields are not the proxy's.
      if (name !== 'download' && name !== 'downloadHash' && name !== 'downloadTo')
        return (value as (...a: unknown[]) => unknown).bind(group);
      // The bytes, their hash or their pieces: each falls back to the target's own, by the same call
      // (downloadTo's target restarts as that call's first attempt starts).
      const download = value as (...a: unknown[]) => Promise<unknown>;
      const fromTarget = Reflect.get(target.files, name) as (...a: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) =>
        download.apply(group, args).catch((error: unknown) => {
          if (error instanceof ServiceError && error.code === NO_SUCH_FILE)
            return fromTarget.apply(target.files, args);
          throw error;
        });
    },
  });
  return new Proxy(shadow, {
    get: (client, name): unknown => (name === 'files' ? files : Reflect.get(client, name)),
  });
}

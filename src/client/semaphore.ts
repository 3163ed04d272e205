/**
 * A counting semaphore: at most `limit` holders at once, the rest wait in arrival order. Shared
 * by every call of one client so the service never sees more than `limit` requests from it.
 */
export class Semaphore {
  readonly #limit: number;
  #active = 0;
  readonly #waiting: { grant: () => void; reject: (reason: unknown) => void }[] = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`concurrency must be a whole number of at least 1, got ${limit}`);
    }
    this.#limit = limit;
  }

  /** Waits for a slot; resolves to the function that gives it back. Rejects if `signal` fires first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.#active < this.#limit) {
      this.#active += 1;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.#releaser());
        },
        reject,
      };
      const onAbort = () => {
        const index = this.#waiting.indexOf(entry);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }

  /** The most holders at once. */
  get limit(): number {
    return this.#limit;
  }

  /** How many holders there are now (for tests and diagnostics). */
  get active(): number {
    return this.#active;
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so the count only drops when nobody waits.
      if (next) next.grant();
      else this.#active -= 1;
    };
  }
}

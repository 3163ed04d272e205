/**
 * The service's one source of time. It runs with the wall clock, shifted by an offset that the
 * control API moves forward, so expiry (cursors, file keys, deploys) is testable without waiting.
 */
export class Clock {
  constructor(private offsetMs = 0) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  iso(): string {
    return this.date()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  }

  get offset(): number {
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }

  advance(ms: number): number {
    this.offsetMs += ms;
    return this.now();
  }
}

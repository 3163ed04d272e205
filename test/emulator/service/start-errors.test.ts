/**
 * `startEmulator` of `appdeploy/emulator` fails as the command does (docs/errors.md): an
 * AppdeployError with the code EMULATOR.START that a program can switch on, Node's own error as
 * its `cause` (`EADDRINUSE` and the like stay there), and a hint naming the option to change,
 * whatever the reason: a port in use, a refused host, a certificate that is not PEM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppdeployError } from '../../../src/errors.js';
import {
  startEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../../src/local/emulator-entry.js';

let running: RunningEmulator;
beforeAll(async () => {
  running = await startEmulator({ port: 0 });
});
afterAll(() => running.close());

describe('startEmulator, refused', () => {
  it.each<[string, () => EmulatorOptions, RegExp]>([
    ['a port in use', () => ({ port: running.port }), /EADDRINUSE/],
    [
      'the default admin:admin on a host of the network',
      () => ({ port: 0, host: '0.0.0.0' }),
      /refusing to listen/,
    ],
    ['a certificate that is not PEM', () => ({ port: 0, tls: { cert: 'x', key: 'y' } }), /PEM|no start line/],
  ])('%s: EMULATOR.START, with the cause and a hint naming options', async (_, options, cause) => {
    const error = await startEmulator(options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppdeployError);
    expect(error).toMatchObject({
      code: 'EMULATOR.START',
      hint: expect.stringMatching(/`port`.*`host`.*`tls`/),
    });
    expect(((error as Error).cause as Error).message).toMatch(cause);
    expect((error as Error).message).toMatch(/^cannot start the local service: /);
  });
});

/**
 * Each number option checked before anything starts, as createClient checks its own
 * (client/option-values.ts): a negative, NaN, fractional, infinite or string value is the caller's
 * mistake, said by its name. Before, the service started with them: a NaN or negative latency
 * answered at once, a port of 80.5 or NaN failed later as Node's RangeError.
 */
describe('startEmulator, a number option that is not one', () => {
  const cases: [keyof EmulatorOptions, unknown, RegExp][] = [
    ['port', -1, /^cannot start the local service: port must be a whole number from 0 to 65535, got -1$/],
    ['port', 80.5, /port must be a whole number from 0 to 65535, got 80\.5$/],
    ['port', '8085', /port must be a whole number from 0 to 65535, got "8085"$/],
    ['port', NaN, /port must be a whole number from 0 to 65535, got NaN$/],
    ['latencyMs', -5, /latencyMs must be a number of milliseconds from 0 to 2147483647, got -5$/],
    ['latencyMs', NaN, /latencyMs must be a number of milliseconds from 0 to 2147483647, got NaN$/],
    ['latencyMs', '100', /latencyMs must be .*, got "100"$/],
    ['deployMs', Infinity, /deployMs must be a number of milliseconds from 0 to 2147483647, got Infinity$/],
    ['deployMs', -1, /deployMs must be .*, got -1$/],
    ['maxBodyBytes', 0, /maxBodyBytes must be a whole number of bytes from 1, got 0$/],
    ['maxFileBytes', 1.5, /maxFileBytes must be a whole number of bytes from 1, got 1\.5$/],
    ['concurrencyLimit', 0, /concurrencyLimit must be a whole number from 1, got 0$/],
    ['compactAtBytes', '64MB', /compactAtBytes must be a whole number of bytes from 1, got "64MB"$/],
    ['dailyRequestLimit', -1, /dailyRequestLimit must be a whole number from 0, got -1$/],
  ];
  it.each(cases)('%s: %s', async (name, value, message) => {
    const error = await startEmulator({ port: 0, [name]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppdeployError);
    expect(error).toMatchObject({ code: 'EMULATOR.START', hint: expect.stringContaining(`\`${name}\``) });
    expect((error as Error).message).toMatch(message);
  });

  it('takes the edges: port 0, no latency, a null daily limit', async () => {
    const started = await startEmulator({ port: 0, latencyMs: 0, deployMs: 0, dailyRequestLimit: null });
    await started.close();
  });
});

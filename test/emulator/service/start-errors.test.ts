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

/**
 * SIGTERM closes the service (docs/local-service.md, "SIGINT and SIGTERM close it (exit 0)") even
 * while a fault holds a call: a call held before it is carried out (`delayMs`) is then never
 * carried out, one carried out with its answer held (`answerDelayMs`) stays done, as after a
 * restart on the same data folder they read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, startDataEmulator, stop, tempDir } from '../../reliability/emulator-process.js';
import { runCli } from '../../support/cli.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** Ten minutes: far past any test's time limit, so a service that waits for it never exits in time. */
const TEN_MINUTES = 600_000;

describe('SIGTERM while a fault holds a call', () => {
  it.each([
    ['delayMs', 'never carried out', 404],
    ['answerDelayMs', 'carried out, its answer never sent', 200],
  ] as const)(
    '%s: the process exits 0 at once; the call is %s',
    async (hold, _what, afterRestart) => {
      const dir = tempDir('appdeploy-stop-held-');
      cleanups.push(() => dir.remove());
      const emu = await startDataEmulator(dir.path);
      cleanups.push(() => {
        if (emu.child.exitCode === null && emu.child.signalCode === null) emu.child.kill('SIGKILL');
      });
      const armed = await call(emu.url, 'POST', '/_emulator/faults', {
        method: 'POST',
        path: '^/k/v1/preview/app\\.json$',
        [hold]: TEN_MINUTES,
      });
      expect(armed.status).toBe(200);
      const held = call(emu.url, 'POST', '/k/v1/preview/app.json', { name: 'Held' });
      // The call has reached the service (counted as it arrives) before the stop.
      for (;;) {
        const { body } = await call(emu.url, 'GET', '/_emulator/stats');
        if ((body as { requests: Record<string, number> }).requests['POST /k/v1/preview/app.json']) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      // A call carried out at once: the app is there before the stop.
      while (
        hold === 'answerDelayMs' &&
        (await call(emu.url, 'GET', '/k/v1/preview/app/settings.json?app=1')).status !== 200
      )
        await new Promise((r) => setTimeout(r, 10));
      emu.child.kill('SIGTERM');
      expect(await emu.exited).toEqual({ code: 0, signal: null });
      expect((await held).status).toBe(0);

      const again = await startDataEmulator(dir.path);
      cleanups.push(async () => {
        again.child.kill('SIGTERM');
        await again.exited;
      });
      expect((await call(again.url, 'GET', '/k/v1/preview/app/settings.json?app=1')).status).toBe(
        afterRestart,
      );
    },
    20_000,
  );
});

describe('many calls held by --latency at once', () => {
  it('are answered without a warning on stderr (node warned past 10 listeners of the stop signal)', async () => {
    const emu = await runCli(['emulator', '--port', '0', '--latency', '50']);
    cleanups.push(() => stop(emu));
    if (!emu.url) throw new Error(`emulator did not start: ${emu.firstLine} ${emu.stderr()}`);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => call(emu.url, 'GET', '/k/v1/apps.json')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 16 }, () => 200));
    expect(emu.stderr()).not.toMatch(/Warning/);
  });
});

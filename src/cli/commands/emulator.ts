import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import {
  startEmulator,
  parseUserSpec,
  parseUnitSpec,
  type EmulatorTls,
  type EmulatorUnit,
  type EmulatorUser,
  type Lang,
  type RunningEmulator,
} from '../../emulator/index.js';
import { AppdeployError } from '../../errors.js';
import { userPathError } from '../user-path.js';
import { interruptLeaves } from '../interrupt.js';
import { startLocal } from '../../local/connect.js';
import { startOnData } from '../../local/on-data.js';
import { findConfig, validateProject } from '../../project/index.js';
import type { RegisterCommand } from './index.js';

function integer(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

function collectUser(value: string, previous: EmulatorUser[]): EmulatorUser[] {
  try {
    return [...previous, parseUserSpec(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** A repeatable `--group` / `--organization` flag: `code:login1,login2`. */
function collectUnit(flag: string) {
  return (value: string, previous: EmulatorUnit[]): EmulatorUnit[] => {
    try {
      return [...previous, parseUnitSpec(value, flag)];
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

/**
 * The language of a project's `local` environment; en when the project cannot say. A damaged
 * .appdeploy/local/ids.json does not stop the service: serving the local apps is how its hint
 * (LOCAL.IDS) has the user find their ids to write it again.
 */
async function projectLocale(root: string, note: (text: string) => void): Promise<Lang> {
  try {
    const result = await validateProject({ cwd: root, dir: root, env: 'local', variables: process.env });
    return result.environment?.locale ?? 'en';
  } catch (error) {
    if (!(error instanceof AppdeployError) || error.code !== 'LOCAL.IDS') throw error;
    note(`${error.message}; the project's locale is not read, en is used (--locale chooses another).`);
    return 'en';
  }
}

interface EmulatorFlags {
  port: number;
  host: string;
  data?: string;
  directory?: string;
  latency: number;
  deployMs: number;
  user: EmulatorUser[];
  group: EmulatorUnit[];
  organization: EmulatorUnit[];
  control: boolean;
  maxUploadMb?: number;
  dailyRequestLimit?: number;
  locale?: Lang;
  tlsCert?: string;
  tlsKey?: string;
  tlsClientCa?: string;
}

/**
 * `--tls-cert FILE --tls-key FILE [--tls-client-ca FILE]`: HTTPS, and with a client CA, a client
 * without a certificate it signed is refused (a Secure Access domain, rehearsed locally).
 */
function tlsOf(flags: EmulatorFlags): EmulatorTls | undefined {
  const { tlsCert, tlsKey, tlsClientCa } = flags;
  if (tlsCert === undefined && tlsKey === undefined && tlsClientCa === undefined) return undefined;
  if (tlsCert === undefined || tlsKey === undefined)
    throw new AppdeployError('EMULATOR.FLAGS', 'HTTPS needs both --tls-cert and --tls-key', {
      hint: 'Give the certificate (PEM) with --tls-cert FILE and its key with --tls-key FILE; --tls-client-ca FILE requires client certificates on top of them.',
    });
  const read = (flag: string, file: string): Buffer => {
    try {
      return readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new AppdeployError(
        'EMULATOR.FLAGS',
        `${flag} ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'error'})`}`,
        {
          hint: `Check the path given to ${flag}.`,
        },
      );
    }
  };
  return {
    cert: read('--tls-cert', tlsCert),
    key: read('--tls-key', tlsKey),
    ...(tlsClientCa === undefined ? {} : { clientCa: read('--tls-client-ca', tlsClientCa) }),
  };
}

/**
 * Why the emulator did not start, with what to do: a --data that is a file (or under one) is the
 * path's fault (PATH.UNUSABLE); the rest is EMULATOR.START, its hint chosen by the cause the
 * message names (Node's errors: EADDRINUSE, EADDRNOTAVAIL and ENOTFOUND from listen, OpenSSL's
 * PEM and key errors from the TLS context).
 */
function startError(error: unknown, flags: EmulatorFlags): Error {
  if (error instanceof AppdeployError) return error;
  if (flags.data !== undefined) {
    const unusable = userPathError(error, {
      given: `--data ${flags.data}`,
      hint: 'Give --data a folder (created if missing), or leave it out to keep the data in memory.',
    });
    if (unusable !== undefined) return unusable;
  }
  const message = (error as Error).message;
  const hint = START_HINTS.find(([cause]) => cause.test(message))?.[1];
  return new AppdeployError('EMULATOR.START', `cannot start the emulator: ${message}`, {
    hint: hint ?? 'Check the flags the message names (emulator --help), then start it again.',
  });
}

const START_HINTS: [RegExp, string][] = [
  [/EADDRINUSE/, 'Another process uses that port: pick another with --port, or --port 0.'],
  [
    /EADDRNOTAVAIL|ENOTFOUND|EAI_AGAIN/,
    'Give --host an address of this machine: 127.0.0.1 (the default), or 0.0.0.0 for every interface.',
  ],
  [
    /PEM|certificate|private key|key values mismatch|ERR_OSSL|asn1|wrong tag/i,
    'Give --tls-cert a PEM certificate and --tls-key its own PEM private key (-----BEGIN ...----- files); --tls-client-ca a PEM CA certificate.',
  ],
  [/refusing to listen/, 'Give users of your own with --user login:password[:admin], or leave --host out.'],
  [
    /in the data folder .* is damaged/,
    'Keep the folder (it holds the data): move it aside and start with an empty one, or put back a copy. The journal is one JSON line per write: cutting the file before the damaged line keeps every write before it.',
  ],
];

/** `appdeploy emulator`: the local service in the foreground until SIGINT or SIGTERM. */
export const registerEmulator: RegisterCommand = (program, io) => ({
  command: program
    .command('emulator')
    .option('--port <n>', 'TCP port; 0 picks a free one', integer('--port', 0, 65535), 8085)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option(
      '--data <dir>',
      'keep data in this directory (journal and snapshots; locked while served, one service per folder); memory only without it',
    )
    .option(
      '-C, --directory <dir>',
      "serve this project's local environment (its .appdeploy/local data, locked while served)",
    )
    .option('--latency <ms>', 'delay every answer by this many milliseconds', integer('--latency', 0), 0)
    .option('--deploy-ms <ms>', 'how long a deploy stays PROCESSING', integer('--deploy-ms', 0), 200)
    .addOption(
      new Option(
        '--user <login:password[:admin][:lang]>',
        'a user (repeatable); default admin:admin as administrator',
      )
        .argParser(collectUser)
        .default([]),
    )
    .addOption(
      new Option(
        '--group <code:login,...>',
        'a group and its members (repeatable), as PUT /_emulator/directory defines one; kept across a reset',
      )
        .argParser(collectUnit('--group'))
        .default([]),
    )
    .addOption(
      new Option('--organization <code:login,...>', 'an organization and its members (repeatable), likewise')
        .argParser(collectUnit('--organization'))
        .default([]),
    )
    .addOption(
      new Option(
        '--locale <lang>',
        "the organisation's language: answers when neither the user nor Accept-Language says, and names new apps' system fields (default: with -C the project's locale, else en)",
      ).choices(['en', 'ja', 'zh']),
    )
    .option('--no-control', 'do not serve the /_emulator/ control API')
    .option('--max-upload-mb <mb>', 'largest file upload accepted, in MB', integer('--max-upload-mb', 1))
    .option(
      '--daily-request-limit <n>',
      "refuse an app's calls past this many a day (403 EMU_QU01), to rehearse the platform's daily request budget; default: count without refusing, as the platform does",
      integer('--daily-request-limit', 0),
    )
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM); needs --tls-key')
    .option('--tls-key <file>', "the HTTPS certificate's private key (PEM)")
    .option(
      '--tls-client-ca <file>',
      'require a client certificate signed by this CA (PEM), refusing clients without one, as a Secure Access domain does',
    ),
  run: async (flags: EmulatorFlags) => {
    if (flags.directory !== undefined && flags.data !== undefined)
      throw new AppdeployError('EMULATOR.FLAGS', '-C and --data both say where the data is', {
        hint: "Give -C DIR to serve a project's local environment, or --data DIR for a directory of your own.",
      });
    // Found before the start, so a wrong -C is the user's error, not a failure to start.
    const root =
      flags.directory === undefined
        ? undefined
        : dirname(findConfig({ cwd: process.cwd(), dir: flags.directory }));
    // With -C, the project's local environment decides, as it does for plan and apply.
    const locale =
      flags.locale ??
      (root === undefined ? 'en' : await projectLocale(root, (text) => io.err(`Note: ${text}\n`)));
    const options = {
      port: flags.port,
      host: flags.host,
      latencyMs: flags.latency,
      deployMs: flags.deployMs,
      users: flags.user,
      groups: flags.group,
      organizations: flags.organization,
      control: flags.control,
      locale,
      tls: tlsOf(flags),
      ...(flags.maxUploadMb ? { maxFileBytes: flags.maxUploadMb * 1024 * 1024 } : {}),
      ...(flags.dailyRequestLimit !== undefined ? { dailyRequestLimit: flags.dailyRequestLimit } : {}),
    };
    let emulator: RunningEmulator;
    try {
      // -C's folder, and --data's, are locked while served: a second service on one is refused.
      const locked =
        root !== undefined
          ? await startLocal({ root }, options)
          : flags.data !== undefined
            ? await startOnData(flags.data, flags.data, options)
            : null;
      emulator = locked ?? (await startEmulator(options));
    } catch (error) {
      throw startError(error, flags);
    }
    // A second signal while it closes exits at once (bin.ts): the journal has every answered write.
    const folder = root === undefined ? flags.data : `${root}/.appdeploy/local`;
    interruptLeaves(
      folder === undefined
        ? 'the local service was stopping; its data was in memory only.'
        : `the local service was stopping; its data folder ${folder} keeps every write it answered (its journal is written before each answer). Start it again on that folder.`,
    );
    // The handlers go in before the line is printed: whoever reads the line may signal at once.
    const stopped = new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void emulator.close().then(resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    io.out(`listening on ${emulator.url}\n`);
    if (root !== undefined)
      io.err(
        `serving ${root}/.appdeploy/local; other appdeploy commands on this project are refused until it stops\n`,
      );
    // A lock taken over from a process that died, files a crash left without content.
    for (const note of emulator.notes) io.err(`Note: ${note}\n`);
    await stopped;
    return { kind: 'done' };
  },
});

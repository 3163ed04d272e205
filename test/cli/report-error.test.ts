import { describe, expect, it } from 'vitest';
import { reportError } from '../../src/cli/main.js';
import {
  BulkWriteError,
  ClientOptionsError,
  createClient,
  DeployTimeoutError,
  ServiceError,
  TransportAbortedError,
  TransportInvalidResponseError,
  TransportNetworkError,
  TransportTimeoutError,
  type ClientError,
  type ClientErrorKind,
} from '../../src/client/index.js';
import { InterruptedError } from '../../src/cli/confirm.js';
import { AppdeployError } from '../../src/errors.js';

function report(error: unknown): { code: number; text: string } {
  const err: string[] = [];
  const code = reportError(error, { out: () => undefined, err: (s) => void err.push(s) });
  return { code, text: err.join('') };
}

const where = { method: 'GET', path: '/k/v1/app.json' };
const service = (status: number) =>
  new ServiceError({ status, code: 'CB_XX01', id: 'id1', message: 'refused', ...where });

/** One error of each kind the client throws: the Record makes a new kind fail to compile here. */
const CLIENT_ERRORS: Record<ClientErrorKind, ClientError> = {
  service: service(409),
  'invalid-response': new TransportInvalidResponseError({
    status: 502,
    contentType: 'text/html',
    bodySnippet: '<html>',
    reason: 'HTML',
    ...where,
  }),
  timeout: new TransportTimeoutError({ timeoutMs: 100, ...where }),
  network: new TransportNetworkError({ code: 'ECONNREFUSED', detail: 'refused', ...where }, new Error('x')),
  aborted: new TransportAbortedError(where),
  'bulk-write': new BulkWriteError(
    { operation: 'add', app: '7', written: [], notWritten: [0], unknown: [], ...where },
    new Error('cause'),
  ),
  'deploy-timeout': new DeployTimeoutError({
    statuses: [{ app: '7', status: 'PROCESSING' }],
    timeoutMs: 1000,
    ...where,
  }),
  options: new ClientOptionsError('baseUrl must start with http:// or https://, got ftp:'),
};

// [case, error, exit code, hint line or null]
const CASES: [string, unknown, number, string | null][] = [
  ...Object.entries(CLIENT_ERRORS)
    // The timeouts are worded for the command line: their own tests are below.
    .filter(([kind]) => kind !== 'timeout' && kind !== 'deploy-timeout')
    .map(([kind, error]): [string, unknown, number, string | null] => [
      `${error.constructor.name} (${kind})`,
      error,
      1,
      kind === 'options'
        ? "Check the environment's settings (baseUrl, auth, basicAuth, proxy, clientCertificate, ca) in appdeploy.yaml."
        : null,
    ]),
  [
    // Not appdeploy.yaml's to fix: the variable's.
    'ClientOptionsError of HTTPS_PROXY',
    new ClientOptionsError(
      'HTTPS_PROXY must be an http:// or https:// URL, such as http://proxy.example.com:8080',
    ),
    1,
    "Correct HTTPS_PROXY where it is set (the shell, the CI's variables), or give the environment a proxy of its own in appdeploy.yaml, which wins over it.",
  ],
  ['ServiceError 401', service(401), 1, "Check the environment's credentials in appdeploy.yaml."],
  ['ServiceError 403', service(403), 1, 'The account lacks a permission this needs; ask an administrator.'],
  [
    // An API token's refusals are the token's to fix, named with the call (GAIA_NO01, GAIA_IA02).
    'ServiceError 403 GAIA_NO01',
    new ServiceError({
      status: 403,
      code: 'GAIA_NO01',
      id: 'i',
      message: 'Using this API token, you cannot run the specified API.',
      ...where,
    }),
    1,
    "The environment's API token may not make this call (GET /k/v1/app.json), or lacks the permission it needs: give each app's token the App management permission (the app's settings, API Token); creating apps, customization, custom views and plug-ins need a login (auth: { login, password }).",
  ],
  [
    'ServiceError 400 GAIA_IA02',
    new ServiceError({
      status: 400,
      code: 'GAIA_IA02',
      id: 'i',
      message: 'The API token does not match.',
      ...where,
    }),
    1,
    "The environment's API token is not a token of the app this call is for (GET /k/v1/app.json): check apiToken in appdeploy.yaml against the app's settings, API Token (a list gives one per app; a new token works once the app is updated).",
  ],
  [
    // Not the service's JSON: something in front of it (Secure Access, IP restrictions).
    'TransportInvalidResponseError 403',
    new TransportInvalidResponseError({
      status: 403,
      contentType: 'text/html',
      bodySnippet: '<html>Forbidden</html>',
      reason: 'HTML',
      ...where,
    }),
    1,
    'Something in front of the service refused the request: if the domain uses Secure Access, set clientCertificate; if it restricts IP addresses, connect from an allowed network (or through its proxy: proxy, HTTPS_PROXY).',
  ],
  [
    // Found by test/reliability/user-mistakes.test.ts: a login of 200,000 characters in
    // appdeploy.yaml, refused for its headers' size, with only "Check the base URL" to go on.
    'TransportInvalidResponseError 431',
    new TransportInvalidResponseError({
      status: 431,
      contentType: undefined,
      bodySnippet: '',
      reason: 'a body that is not JSON',
      ...where,
    }),
    1,
    "The request's headers are too large for the service: check the environment's credentials in appdeploy.yaml (auth: login, password or apiToken; basicAuth) for a value pasted by mistake.",
  ],
  ['AppdeployError', new AppdeployError('INIT.EXISTS', 'summary', { hint: 'do this' }), 1, 'do this'],
];

describe('reportError: errors map to exit codes by class', () => {
  it.each(CASES)('%s: "Error: <message>", no stack', (_, error, code, hint) => {
    const out = report(error);
    expect(out.code).toBe(code);
    const message = (error as Error).message;
    expect(out.text).toBe(`Error: ${message}\n${hint === null ? '' : `  ${hint}\n`}`);
  });

  it.each([
    [
      'a call that got no answer',
      new TransportTimeoutError({ timeoutMs: 30_000, ...where }),
      'Error: GET /k/v1/app.json got no answer within 30s.\n' +
        "  Check that the service is reachable at the environment's baseUrl, then run the command again.\n",
    ],
    [
      'a call that waited behind the others',
      new TransportTimeoutError({ timeoutMs: 30_000, queuedBehind: 8, ...where }),
      'Error: GET /k/v1/app.json waited 30s behind 8 other calls and was never sent.\n' +
        '  The service answers slowly: run the command again later.\n',
    ],
    [
      'a deploy still running',
      new DeployTimeoutError({
        statuses: [{ app: '7', status: 'PROCESSING' }],
        timeoutMs: 600_000,
        ...where,
      }),
      'Error: The deployment of app 7 was still running after 10m00s.\n' +
        '  It goes on in the service: run `npx appdeploy status` to see how it ends (apply waits longer with --timeout, e.g. --timeout 30m).\n',
    ],
  ])('%s: says what to do with the command line, not with a library option', (_, error, text) => {
    const out = report(error);
    expect(out.text).toBe(text);
    expect(out.text).not.toMatch(/timeoutMs|concurrency/);
    expect(out.code).toBe(1);
  });

  // A full disk is the machine's state, not a bug: seed's progress, export's manifests and the
  // like are written whole or not at all, and the commands go on where they stopped.
  const fsError = (code: string, path?: string) =>
    Object.assign(new Error(`${code}: failed, write${path === undefined ? '' : ` '${path}'`}`), {
      code,
      ...(path === undefined ? {} : { path }),
    });
  const HINT =
    '  Free space on that disk, then run the command again: apply, seed and restore go on from where they stopped.\n';
  it.each([
    [
      'ENOSPC with its path',
      fsError('ENOSPC', '/p/records/customers.yaml'),
      'Error: /p/records/customers.yaml could not be written: no space left on the disk (ENOSPC)\n' + HINT,
    ],
    [
      'EDQUOT',
      fsError('EDQUOT', '/p/apps/a.yaml'),
      'Error: /p/apps/a.yaml could not be written: the disk quota is used up (EDQUOT)\n' + HINT,
    ],
    [
      'ENOSPC wrapped in an error that says what was written',
      new Error('writing the progress failed', { cause: fsError('ENOSPC') }),
      'Error: a file could not be written: no space left on the disk (ENOSPC)\n' + HINT,
    ],
  ])('a full disk (%s): FILE.NO_SPACE, exit 1, no stack', (_, error, text) => {
    expect(report(error)).toEqual({ code: 1, text });
    expect((reportJson(error).json as { error: { code: string } }).error.code).toBe('FILE.NO_SPACE');
  });

  it('another file system error is still a bug', () => {
    expect(report(fsError('EIO', '/p/x')).code).toBe(70);
  });

  it('an interrupt at a question: its message alone, no "Error", exit 130', () => {
    const out = report(new InterruptedError('apply interrupted at the question: nothing was changed.'));
    expect(out).toEqual({ code: 130, text: 'apply interrupted at the question: nothing was changed.\n' });
  });

  it('an error that merely carries a client error name is still a bug', () => {
    const impostor = Object.assign(new Error('looks like one'), { name: 'ServiceError' });
    expect(report(impostor).code).toBe(70);
  });

  it.each([
    ['TypeError', new TypeError('boom')],
    ['RangeError', new RangeError('out of range')],
    ['a thrown string', 'not an error'],
  ])('%s is a bug: its stack, exit 70', (_, error) => {
    const out = report(error);
    expect(out.code).toBe(70);
    expect(out.text).toMatch(/^Bug: appdeploy failed unexpectedly/);
    if (error instanceof Error) expect(out.text).toMatch(/\n\s+at /);
  });

  it.each([
    ['a bad concurrency', { concurrency: 0 }],
    ['a fractional concurrency', { concurrency: 1.5 }],
    ['a basicAuth without a login', { basicAuth: { password: 'pw' } as never }],
  ])('%s from createClient is an options error (exit 1)', (_, extra) => {
    let thrown: unknown;
    try {
      createClient({ baseUrl: 'http://localhost:1', auth: { apiToken: 't' }, ...extra });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ClientOptionsError);
    expect(report(thrown).text).toMatch(/^Error: /);
    expect(report(thrown).code).toBe(1);
  });
});

/** The JSON rendering: stdout, parsed; the text still on stderr. */
function reportJson(error: unknown): { code: number; json: unknown; text: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = reportError(error, { out: (s) => void out.push(s), err: (s) => void err.push(s) }, {}, 'json');
  return { code, json: JSON.parse(out.join('')), text: err.join('') };
}

describe('reportError with --format json: one {error} object on stdout', () => {
  it.each([
    [
      'an AppdeployError: its catalogued code, message and hint',
      new AppdeployError('INIT.EXISTS', 'not overwriting appdeploy.yaml in .', {
        hint: 'pick an empty directory',
      }),
      {
        code: 'INIT.EXISTS',
        message: 'not overwriting appdeploy.yaml in .',
        hint: 'pick an empty directory',
        exitCode: 1,
      },
    ],
    [
      "a service refusal: the service's own code",
      service(403),
      {
        code: 'CB_XX01',
        message: service(403).message,
        hint: 'The account lacks a permission this needs; ask an administrator.',
        exitCode: 1,
      },
    ],
    [
      'a call that failed on the way: CLIENT.<kind>, no hint when the message says it',
      CLIENT_ERRORS.network,
      { code: 'CLIENT.network', message: CLIENT_ERRORS.network.message, exitCode: 1 },
    ],
  ])('%s', (_, error, expected) => {
    const out = reportJson(error);
    expect(out.json).toEqual({ error: expected });
    expect(out.code).toBe(expected.exitCode);
    expect(out.text).toMatch(/^Error: /);
  });

  it('a bug: code BUG with its stack, exit 70', () => {
    const out = reportJson(new TypeError('boom'));
    expect(out.code).toBe(70);
    expect(out.json).toMatchObject({
      error: { code: 'BUG', exitCode: 70, stack: expect.stringMatching(/TypeError: boom\n\s+at /) },
    });
  });
});

/**
 * The one error base class for problems a user can fix (bad manifest, bad flag, unreachable
 * service), and the catalogue of their codes. `code` is dotted (`MANIFEST.INVALID`) and one of
 * ERROR_CODES, `message` is the one-line summary of this occurrence, `hint` says what to do next.
 * Anything that is not an AppdeployError (or one of the client's errors) is a bug, and the CLI
 * prints its stack and says so.
 */

/** What a code means whatever the occurrence, and which command or stage raises it. */
export interface ErrorEntry {
  summary: string;
  /** The usual next step; each occurrence's own hint says it for its case. */
  hint: string;
  /** The command(s) or stage that raise it. */
  where: string;
}

/**
 * Every code an AppdeployError may carry. A new code is added here first (the constructor takes
 * only these), and docs/errors.md lists them all (a test compares the two).
 */
export const ERROR_CODES = {
  'APPLY.APP_WITH_PLANFILE': {
    summary: '--app was given with a saved plan, which it cannot narrow',
    hint: 'Save a plan of those apps with plan --app KEY --out FILE, and apply that.',
    where: 'apply',
  },
  'APPLY.BAD_PLANFILE': {
    summary: 'the file given to apply is not a plan appdeploy wrote',
    hint: 'Save one with plan --out FILE.',
    where: 'apply PLANFILE',
  },
  'APPLY.BAD_TIMEOUT': {
    summary: '--timeout is not a duration',
    hint: 'Give a number with a unit: 90s, 10m, 1h.',
    where: 'apply',
  },
  'APPLY.COPY_REFUSED': {
    summary:
      "the service refused values a migration's copy wrote into the new field, named by their records (ids) and the service's words: a unique field two records convert to one value of, or a value made invalid since the plan",
    hint: "Change the old field's value in the records named to one the new field takes, or give the field a migrate.default; then apply again.",
    where: 'apply',
  },
  'APPLY.NEEDS_PASSWORD': {
    summary: 'the plan needs calls the API token of the environment may not make',
    hint: 'Give the environment a login (auth: {login, password}) for this apply.',
    where: 'apply',
  },
  'APPLY.OLD_PLANFILE': {
    summary: 'the saved plan was made by an older appdeploy and does not name its service',
    hint: 'Plan again with this appdeploy, then apply that file.',
    where: 'apply PLANFILE',
  },
  'APPLY.OTHER_SERVICE': {
    summary: 'the saved plan was made against another service than the environment names now',
    hint: 'Plan again against this service.',
    where: 'apply PLANFILE',
  },
  'APPLY.PLAN_ENVIRONMENT': {
    summary: 'the saved plan was made for another environment',
    hint: 'Pass the plan’s --env, or plan again for this environment.',
    where: 'apply PLANFILE',
  },
  'APPLY.RUNNING': {
    summary:
      'another apply of the same environment runs from this project (it holds .appdeploy/apply-<env>.lock)',
    hint: 'Wait for it to finish, or stop it; status shows what it has done so far.',
    where: 'apply, revert',
  },
  'APPLY.RECOVERY_RECORD': {
    summary: 'the record an interrupted apply left (.appdeploy/apply-<env>.json) cannot be read',
    hint: 'Delete it; status then shows what the interrupted apply left.',
    where: 'apply, status',
  },
  'CONFIRM.INTERRUPTED': {
    summary: 'the person stopped the command (Ctrl-C or Ctrl-D at the question) before it wrote anything',
    hint: 'Run it again when ready; nothing was changed.',
    where: 'apply, revert, seed, restore (the confirmation question)',
  },
  'CONFIRM.NO_TERMINAL': {
    summary: 'the command asks before it changes anything, and has no terminal to ask on',
    hint: 'Pass --yes to go ahead without asking (in CI, after reviewing the plan).',
    where: 'apply, revert, seed, restore (without --yes, stdin not a terminal)',
  },
  'EMULATOR.FLAGS': {
    summary: 'the emulator’s flags contradict each other',
    hint: 'Give -C DIR or --data DIR, not both.',
    where: 'emulator',
  },
  'EMULATOR.START': {
    summary: 'the local service cannot start',
    hint: 'A port in use: pick another with --port, or --port 0; a certificate or key that is not PEM: check --tls-cert and --tls-key; a --host not of this machine: 127.0.0.1.',
    where:
      'emulator; `startEmulator` of appdeploy/emulator (its hint names the options, its `cause` is Node’s error; a number option that is not one is refused before the start, by its name)',
  },
  'ENVIRONMENT.NO_AUTH': {
    summary: 'an environment with a baseUrl has no auth',
    hint: 'Add auth: {login, password} or apiToken under the environment in appdeploy.yaml.',
    where: 'every command that connects',
  },
  'ENVIRONMENT.PROTECTED': {
    summary: 'the environment says `protected: true`: seed refuses to write record files into it',
    hint: 'Choose another environment with --env; remove `protected: true` from appdeploy.yaml to write there on purpose.',
    where: 'seed',
  },
  'ENVIRONMENT.TIME_ZONE': {
    summary: "an environment's `timeZone` is not a time zone",
    hint: 'Give an IANA time zone name, such as Asia/Tokyo, Europe/Berlin or UTC.',
    where: 'validate, and every command that loads the project',
  },
  'EXPORT.LOCAL_EDITS': {
    summary: 'a manifest differs from the service where export would overwrite it',
    hint: 'Apply the edits first, or pass --force to take the service’s settings.',
    where: 'export',
  },
  'EXPORT.MANIFEST': {
    summary: 'an existing manifest cannot be updated by export',
    hint: 'Fix the file (validate), or remove it to export it anew.',
    where: 'export',
  },
  'EXPORT.MASK_FIELD': {
    summary: '--mask names a field that cannot be masked',
    hint: 'Name text, number, date, time, link or choice fields of the app (columns of a table by their own code).',
    where: 'export --records',
  },
  'EXPORT.MASK_KEY': {
    summary: '--mask needs the secret APPDEPLOY_MASK_KEY',
    hint: 'Set APPDEPLOY_MASK_KEY to a long random secret (openssl rand -hex 32), the same on every export.',
    where: 'export --records',
  },
  'EXPORT.MIGRATION_BEGUN': {
    summary: 'the app holds the temporary field of a field migration an earlier apply did not finish',
    hint: 'Run apply to finish the migration (it copies the values again and swaps), then export.',
    where: 'export',
  },
  'EXPORT.NOT_DEPLOYED': {
    summary: 'the app has never been deployed: it has no live settings',
    hint: 'Export its draft with --draft.',
    where: 'export',
  },
  'EXPORT.NO_APPS': {
    summary: 'no app was chosen to export',
    hint: 'Pass --app ID|KEY (repeatable), --space ID or --all.',
    where: 'export',
  },
  'EXPORT.NO_ID': {
    summary: 'the app named has no id in the environment',
    hint: 'Apply it first, or export it by its id.',
    where: 'export',
  },
  'EXPORT.NO_PROJECT': {
    summary: 'export was asked for an environment no project file defines',
    hint: 'Write appdeploy.yaml with that environment (its baseUrl and auth), or leave out --env to export from the local service.',
    where: 'export',
  },
  'EXPORT.NO_SUCH_APP': {
    summary: 'the service has no app with that id',
    hint: 'Check the ids for the environment.',
    where: 'export',
  },
  'EXPORT.QUERY': {
    summary: 'the service refused the --query of a records export',
    hint: 'Write a filter and an order (no limit or offset: give the most records with --limit N).',
    where: 'export --records',
  },
  'EXPORT.RECORDS_APP': {
    summary: '--records needs one --app, a key of the project',
    hint: 'Pass --records --app KEY, one app at a time.',
    where: 'export --records',
  },
  'EXPORT.RECORDS_KEY': {
    summary: 'no field to key the exported records by',
    hint: 'Pass --key CODE naming a field with unique: true, or give a field unique: true.',
    where: 'export --records',
  },
  'EXPORT.RECORDS_ONLY': {
    summary: '--key, --limit, --query and --mask export records: they go with --records',
    hint: 'Add --records (and one --app KEY), or leave those flags out to export settings.',
    where: 'export',
  },
  'EXPORT.SELECTION': {
    summary: 'export needs exactly one of --app, --space and --all',
    hint: 'Pass one of them.',
    where: 'export',
  },
  'EXPORT.SPACE_ID': {
    summary: '--space is not a space id',
    hint: 'Give the space’s id, a whole number from 1 (the number after /k/#/space/ in its address).',
    where: 'export',
  },
  'EXPORT.UNKNOWN_APP': {
    summary: '--app names neither an app id nor a key of the project',
    hint: 'Pass an id, or one of the project’s keys.',
    where: 'export',
  },
  'FILE.UNREADABLE': {
    summary: 'a file a manifest names cannot be read',
    hint: 'Check the path (relative to the manifest), or run validate.',
    where: 'plan, apply',
  },
  'FILE.NO_SPACE': {
    summary: 'a file could not be written: the disk is full (or the user is over their disk quota)',
    hint: 'Free space on that disk, then run the command again: apply, seed and restore go on from where they stopped.',
    where: 'every command that writes files',
  },
  'INIT.EXISTS': {
    summary: 'init would overwrite files',
    hint: 'Pick a folder without those files, or move them away (an existing .gitignore is added to, not overwritten).',
    where: 'init',
  },
  'LOCAL.IDS': {
    summary:
      'the local environment’s ids (.appdeploy/local/ids.json) cannot be read, or are not a map of environments to app ids (whole numbers from 1, as text); or .appdeploy (or .appdeploy/local) is a file, not a folder',
    hint: 'Write the file again (environments to app keys to ids; from the project’s folder, `npx appdeploy emulator -C .` lists the local apps at GET /k/v1/apps.json), or delete .appdeploy/ to start over without the local apps; deleting the file alone has apply create every app again beside the old ones. Move a file named .appdeploy out of the way.',
    where: 'every command on the local environment',
  },
  'LOCAL.LOCKED': {
    summary:
      'another appdeploy command holds the local environment’s lock (or the lock of a data folder a service serves: `emulator --data DIR`, `startEmulator({ data })`)',
    hint: 'Wait for it, or delete the lock file if no command runs.',
    where:
      'every command on the local environment; `emulator --data`; `startEmulator({ data })` of appdeploy/emulator',
  },
  'LOCK.UNWRITABLE': {
    summary:
      'a lock cannot be made: its folder (.appdeploy, .appdeploy/local, or a data folder a service serves) cannot be written by this user, or is on a read-only file system',
    hint: 'Make the folder writable by the user that runs appdeploy (or run it as the folder’s owner); appdeploy keeps its locks and records there.',
    where:
      'apply (the lock of its environment); every command on the local environment; `emulator --data`; `startEmulator({ data })` of appdeploy/emulator',
  },
  'MANIFEST.INVALID': {
    summary: 'the project does not validate',
    hint: 'Run validate to list every problem with its file:line:col.',
    where: 'every command that loads the project',
  },
  'PATH.UNUSABLE': {
    summary:
      'a path given on the command line cannot be used: a file where a folder is needed, a folder where a file is, or no permission',
    hint: 'Give a path that can be written; the message says which part is in the way.',
    where: 'plan --out, init, types --out, docs --out, export -C, emulator --data',
  },
  'PLAN.BAD_CHECK_RECORDS': {
    summary: '--check-records is not a whole number',
    hint: 'Give how many of each app’s latest records the copy holds, e.g. --check-records 500.',
    where: 'plan --check, apply --check',
  },
  'PLAN.CHECK_RECORDS_ALONE': {
    summary: '--check-records sizes the copy --check makes, and was given without --check',
    hint: 'Add --check, or leave --check-records out.',
    where: 'plan, apply',
  },
  'PLAN.BAD_MAX_CHARS': {
    summary: '--max-chars is not 0 or a whole number from 1000',
    hint: 'Give the most characters the Markdown comment may have, e.g. --max-chars 65536, or 0 never to cut it.',
    where: 'plan --format markdown',
  },
  'PLAN.MAX_CHARS_ALONE': {
    summary: '--max-chars cuts the Markdown plan, and was given with another format',
    hint: 'Add --format markdown, or leave --max-chars out.',
    where: 'plan',
  },
  'PLAN.PLUGIN_CONFLICT': {
    summary: 'two different packages of one plug-in are named',
    hint: 'Name one package of a plug-in in every manifest that adds it.',
    where: 'plan, apply',
  },
  'PLAN.UNKNOWN_APP': {
    summary: '--app names no app of the project',
    hint: 'Pass one of the keys in appdeploy.yaml.',
    where: 'plan, apply',
  },
  'PLUGIN.ID_MISMATCH': {
    summary: 'a plug-in package’s id is not the one its manifest names',
    hint: 'Run validate: the manifest’s id must be the package’s.',
    where: 'plan, apply',
  },
  'PLUGIN.PACKAGE': {
    summary: 'a file named as a plug-in is not a plug-in package',
    hint: 'Name the signed package (contents.zip, PUBKEY, SIGNATURE).',
    where: 'plan, apply',
  },
  'PROJECT.NOT_FOUND': {
    summary: 'no project at the path given',
    hint: 'Check -C and --config, or run init to start one.',
    where: 'every command on a project',
  },
  'PROJECT.UNKNOWN_ID': {
    summary: 'an app id the project holds is not on the service',
    hint: 'Remove the id from the project (apply creates the app again), or correct it.',
    where: 'plan, apply',
  },
  'RECORDS.CONFLICTS': {
    summary: 'records kept changing while they were written, refused for their revision again and again',
    hint: 'Run the command again once the edits have stopped: it resumes where it stopped.',
    where: 'apply (a migration copying values), restore',
  },
  'RESTORE.BACKUP': {
    summary:
      'the file given to restore is not a backup appdeploy wrote, or its folder of attachments is not beside it whole',
    hint: 'Give the path of a backup apply wrote (.appdeploy/backups/<env>/<time>-<app>.jsonl).',
    where: 'restore',
  },
  'RESTORE.FIELD_MISSING': {
    summary: 'a field the backup holds values of is not in the app where it was (or not of its type)',
    hint: 'Add the field again (same code and type) in the manifest, apply, then restore.',
    where: 'restore',
  },
  'RESTORE.OTHER_ENVIRONMENT': {
    summary: 'the backup was taken in another environment than the one chosen (its app ids name other apps)',
    hint: 'Pass the --env of the folder the backup is in (.appdeploy/backups/<env>/).',
    where: 'restore',
  },
  'RESTORE.REFUSED': {
    summary:
      'the service refused a write of the restore, named by its records (ids) and fields: a backed-up value the field added again does not take (options, limits, unique), or a right the user or token lacks',
    hint: 'Give the field the settings it had when the backup was taken and apply, or give the right the service names; then run the same restore again: it resumes where it stopped.',
    where: 'restore',
  },
  'RESTORE.STOPPED': {
    summary:
      'a request of the restore failed part way (the service erring, a network fault): what was written stays, the progress is kept beside the backup',
    hint: 'Run the same restore again once the service answers: it resumes where it stopped.',
    where: 'restore',
  },
  'SEED.APP': {
    summary: 'an app given to seed is not in the project, or has no id yet',
    hint: 'Name apps of appdeploy.yaml with `records: { file, key }`, applied in this environment (apply creates them).',
    where: 'seed',
  },
  'SEED.NOT_APPLIED': {
    summary:
      'a field the record file names has another type or place in the environment’s app than in the manifest (changed, moved or added since the last apply): seed refused before writing anything',
    hint: 'Apply the manifest first (a type change or move is migrated, keeping the values), then seed.',
    where: 'seed',
  },
  'SEED.NO_RECORDS': {
    summary: 'nothing to seed: the app named, or every app of the project, has no record file',
    hint: 'Name a record file under the app in appdeploy.yaml (`records: { file, key }`), or write one with export --records.',
    where: 'seed',
  },
  'SEED.FLAGS': {
    summary: 'seed’s flags do not go together: --detailed-exitcode says how a dry run ended',
    hint: 'Give --detailed-exitcode with --dry-run, or leave it out.',
    where: 'seed',
  },
  'SEED.STOPPED': {
    summary:
      'a bulk request or an upload of the seed failed (the service down, a network fault) and the read that would settle it failed too, or the writes kept failing through 3 re-plans: what landed stays',
    hint: 'Run seed again once the service answers: it plans again by key and writes only what is left.',
    where: 'seed',
  },
  'SEED.UNKNOWN_ENTITY': {
    summary:
      'a record seed would write names a user, group or organization the target lacks (after the environment’s maps): seed refused before writing anything',
    hint: 'Add it on the target, or map the code in the environment’s `users:`, `groups:` or `organizations:` map in appdeploy.yaml, then seed again.',
    where: 'seed',
  },
  'SEED.REFUSED': {
    summary:
      'the service refused a bulk request of the seed, or the upload of a file a record names: a refusal a fresh plan cannot settle (a right the user lacks, a value it refuses), or one it kept making through 3 re-plans',
    hint: 'Fix what the service names (a right, or a value: run validate), then seed again: it writes only what is left.',
    where: 'seed',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppdeployError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { hint?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppdeployError';
    this.code = code;
    this.hint = options.hint;
  }
}

import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Option } from 'commander';
import { AppdeployError } from '../../errors.js';
import { shellWord } from '../../project/next-command.js';
import { modeline, type SchemaName } from '../../export/modeline.js';
import { atUserPath } from '../user-path.js';
import { GITIGNORE, gitignoreAdditions, gitignoreNote } from './init-gitignore.js';
import type { RegisterCommand } from './index.js';
import { makeFolders } from '../../atomic-write.js';

/**
 * `appdeploy init [DIR]`: a project that validates and plans at once: appdeploy.yaml with the
 * local environment (and a staging one to uncomment), one app manifest and a few records for it
 * (which `seed` writes: apply never does), .env.example and a .gitignore. It writes nothing if
 * any of the others exists, so it can never clobber a project; an existing .gitignore (an
 * existing repository's) gets the lines it lacks added.
 */
export const registerInit: RegisterCommand = (program, io) => ({
  command: program
    .command('init')
    .argument('[dir]', 'where to write the project (created if missing)', '.')
    .addOption(
      new Option('--locale <lang>', "the service's language: the system field codes its apps get")
        .choices(['en', 'ja'])
        .default('en'),
    ),
  run: async (dir: string, flags: { locale: 'en' | 'ja' }) => {
    const root = resolve(process.cwd(), dir);
    const at = {
      given: `init ${dir}`,
      hint: 'Give init a folder to create, or an existing folder to start the project in: `npx appdeploy init my-apps`.',
    };
    const gitignorePath = join(root, '.gitignore');
    const gitignore = existsSync(gitignorePath)
      ? await atUserPath(at, () => readFile(gitignorePath, 'utf8'))
      : null;
    const files = projectFiles(root, flags.locale).filter(
      (f) => gitignore === null || f.path !== '.gitignore',
    );
    const existing = files.filter((f) => existsSync(join(root, f.path))).map((f) => f.path);
    if (existing.length > 0)
      throw new AppdeployError('INIT.EXISTS', `not overwriting ${existing.join(', ')} in ${dir}`, {
        hint: 'init only starts new projects: pick a folder without them, or move those files away.',
      });
    await atUserPath(at, async () => {
      for (const file of files) {
        await makeFolders(dirname(join(root, file.path)));
        // `wx`: a file that appeared since the check is still not overwritten.
        await writeFile(join(root, file.path), file.content, { flag: 'wx' });
      }
    });
    io.out(`Created in ${dir}:\n${files.map((f) => `  ${f.path}\n`).join('')}`);
    if (gitignore !== null) {
      const added = gitignoreAdditions(gitignore);
      if (added.append !== '') await atUserPath(at, () => appendFile(gitignorePath, added.append));
      io.out(gitignoreNote(added.lines));
    }
    // Quoted as a shell reads it: a folder name with spaces or quotes runs as printed too.
    const plan = dir === '.' ? 'npx appdeploy plan' : `cd ${shellWord(dir)} && npx appdeploy plan`;
    io.out(
      `\nNext: \`${plan}\`, then \`npx appdeploy apply\` (on the local service, no account needed),` +
        ` then \`npx appdeploy seed\` to add the example records of ${RECORDS}.\n`,
    );
    return { kind: 'done' };
  },
});

interface ProjectFile {
  path: string;
  content: string;
}

/** The example app's record file, which appdeploy.yaml names. */
const RECORDS = 'records/tasks.yaml';

function projectFiles(root: string, locale: 'en' | 'ja'): ProjectFile[] {
  const manifest = locale === 'ja' ? manifestYamlJa : manifestYaml;
  const records = locale === 'ja' ? RECORDS_JA : RECORDS_EN;
  return [
    {
      path: 'appdeploy.yaml',
      content: projectYaml(schemaLines(root, join(root, 'appdeploy.yaml'), 'project'), locale),
    },
    {
      path: 'apps/tasks.yaml',
      content: manifest(schemaLines(root, join(root, 'apps', 'tasks.yaml'), 'app')),
    },
    { path: RECORDS, content: `${schemaLines(root, join(root, RECORDS), 'records')}${records}` },
    { path: '.env.example', content: ENV_EXAMPLE },
    { path: '.gitignore', content: GITIGNORE },
  ];
}

/** The first lines of a file: its schema modeline when the project holds a schema. */
function schemaLines(root: string, file: string, schema: SchemaName): string {
  const line = modeline(root, file, schema);
  return line === null ? '' : `${line}\n#\n`;
}

const LOCALE_JA = `# The language of the service's apps: new apps get Japanese system field codes (レコード番号,
# 作成者, ...) and preset statuses (未処理, 処理中, 完了); validate checks references against them.
locale: ja

`;

const projectYaml = (
  schema: string,
  locale: 'en' | 'ja',
) => `${schema}${locale === 'ja' ? LOCALE_JA : ''}# The environments this project deploys to, and its apps. \`local\` is the embedded local service:
# no account needed, its data is kept in .appdeploy/local (not in git).
environments:
  local: {}
  # A hosted service. Secrets are written as \${VARIABLE} and come from the environment or from a
  # .env file beside this one (see .env.example); uncomment, then: \`npx appdeploy plan --env staging\`
  # staging:
  #   baseUrl: https://staging.example.com
  #   auth:
  #     login: \${STAGING_LOGIN}
  #     password: \${STAGING_PASSWORD}
  # On kintone (a baseUrl on *.cybozu.com, *.kintone.com or *.cybozu.cn) appdeploy speaks its
  # header names by itself; a kintone service behind another address says so:
  #   platform: kintone
  # Behind a company proxy (else HTTPS_PROXY / NO_PROXY are used), on a Secure Access domain (a
  # client certificate: a .pfx and its password, or PEM cert and key; its baseUrl has .s in it,
  # https://example.s.cybozu.com), with a private CA:
  #   proxy: http://\${PROXY_LOGIN}:\${PROXY_PASSWORD}@proxy.example.com:8080
  #   clientCertificate: { pfx: certs/me.pfx, password: \${PFX_PASSWORD} }
  #   ca: certs/company-ca.pem

apps:
  # Each app: its manifest, and its id per environment (apply creates a missing app and writes
  # its id here).
  tasks:
    manifest: apps/tasks.yaml
    # A few records to work with, matched by their ${locale === 'ja' ? '管理番号' : 'task_id'}: \`npx appdeploy seed\` writes them
    # into an environment's app (apply never does), \`npx appdeploy export --records --app tasks\`
    # writes the app's records from one.
    records: { file: ${RECORDS}, key: ${locale === 'ja' ? '管理番号' : 'task_id'} }
`;

const manifestYaml = (
  schema: string,
) => `${schema}# Tasks: one record per piece of work. Change a field here, then \`npx appdeploy plan\` shows the
# change and \`npx appdeploy apply\` deploys it. Areas left out (views, process, ...) stay unmanaged.
name: Tasks
description: Work to do, who does it and by when.

fields:
  # unique: no two tasks share an id, so records/tasks.yaml can name each task by it.
  task_id: { type: SINGLE_LINE_TEXT, label: Task ID, unique: true, maxLength: 20 }
  title: { type: SINGLE_LINE_TEXT, label: Title, required: true, maxLength: 100 }
  owner: { type: USER_SELECT, label: Owner }
  due_date: { type: DATE, label: Due date }
  priority:
    type: DROP_DOWN
    label: Priority
    options:
      Low: { label: Low, index: 0 }
      Normal: { label: Normal, index: 1 }
      High: { label: High, index: 2 }
    defaultValue: Normal
  notes: { type: MULTI_LINE_TEXT, label: Notes }

layout:
  - type: ROW
    fields: [{ code: task_id }, { code: title }, { code: owner }]
  - type: ROW
    fields: [{ code: due_date }, { code: priority }]
  - type: ROW
    fields: [{ code: notes }]
`;

const manifestYamlJa = (
  schema: string,
) => `${schema}# タスク: one record per piece of work. Change a field here, then \`npx appdeploy plan\` shows the
# change and \`npx appdeploy apply\` deploys it. Areas left out (process, ...) stay unmanaged.
name: タスク
description: やるべき作業、担当者と期限。

fields:
  # unique: no two tasks share a number, so records/tasks.yaml can name each task by it.
  管理番号: { type: SINGLE_LINE_TEXT, label: 管理番号, unique: true, maxLength: 20 }
  件名: { type: SINGLE_LINE_TEXT, label: 件名, required: true, maxLength: 100 }
  担当者: { type: USER_SELECT, label: 担当者 }
  期限: { type: DATE, label: 期限 }
  優先度:
    type: DROP_DOWN
    label: 優先度
    options:
      低: { label: 低, index: 0 }
      中: { label: 中, index: 1 }
      高: { label: 高, index: 2 }
    defaultValue: 中
  メモ: { type: MULTI_LINE_TEXT, label: メモ }

layout:
  - type: ROW
    fields: [{ code: 管理番号 }, { code: 件名 }, { code: 担当者 }]
  - type: ROW
    fields: [{ code: 期限 }, { code: 優先度 }]
  - type: ROW
    fields: [{ code: メモ }]

# System fields are named in the service's language (locale: ja in appdeploy.yaml).
views:
  すべて:
    type: LIST
    index: 0
    fields: [レコード番号, 管理番号, 件名, 担当者, 期限, 優先度, 更新日時]
    sort: レコード番号 desc
`;

// Example records: each field written plainly (docs/records.md); owner is left out, as the
// people of one environment are not those of another.
const RECORDS_EN = `- task_id: T-1
  title: Write the onboarding guide
  due_date: 2026-03-02
  priority: High
  notes: What a new teammate needs on day one.
- task_id: T-2
  title: Review the open pull requests
  priority: Normal
- task_id: T-3
  title: Plan the next release
  due_date: 2026-03-16
  priority: Normal
- task_id: T-4
  title: Tidy up the old branches
  priority: Low
`;

const RECORDS_JA = `- 管理番号: T-1
  件名: 新人向けガイドを書く
  期限: 2026-03-02
  優先度: 高
  メモ: 初日に必要なこと。
- 管理番号: T-2
  件名: プルリクエストをレビューする
  優先度: 中
- 管理番号: T-3
  件名: 次のリリースを計画する
  期限: 2026-03-16
  優先度: 中
- 管理番号: T-4
  件名: 古いブランチを整理する
  優先度: 低
`;

const ENV_EXAMPLE = `# Copy to .env (kept out of git) and fill in: appdeploy reads it for \${VARIABLE}s in
# appdeploy.yaml. Variables already set in the environment win over this file.
STAGING_LOGIN=
STAGING_PASSWORD=
`;

/** The handbook generator (`appdeploy docs`): manifests in, Markdown pages out; no IO. */
import { appPage } from './app-page.js';
import { pageFile, type DocPage, type DocProject } from './model.js';
import { overviewPage } from './overview.js';
import { buildWhereUsed } from '../usage/index.js';

export type { DocApp, DocPage, DocProject, DocScript } from './model.js';
export {
  buildWhereUsed,
  scriptMentions,
  type Usage,
  type UsageArea,
  type WhereUsed,
} from '../usage/index.js';

/** index.md first, then one page per app in the order of appdeploy.yaml. */
export function generateDocs(project: DocProject): DocPage[] {
  const index = buildWhereUsed(project);
  return [
    { path: 'index.md', content: overviewPage(project) },
    ...project.apps.map((app) => ({ path: pageFile(app.key), content: appPage(app, project, index) })),
  ];
}

import { invalid } from '../errors.js';
import { findApp } from '../access.js';
import { APPS_TABLE, type AppDoc } from '../model/app.js';
import { closedKeys } from '../validate/request.js';
import type { ApiRequest } from '../context.js';

/** Letters, digits and underscores, not starting with a digit, as the platform's app settings take it. */
const APP_CODE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_LENGTH = 64;

/**
 * `POST /_emulator/app-code {app, code}`: on the hosted platform an administrator sets an app's
 * code in its settings screen, not through the REST interface; this stands in for that screen.
 * The code is unique across apps; an empty string removes it.
 */
export function setAppCode(req: ApiRequest): unknown {
  closedKeys(req.params, ['app', 'code']);
  const app = findApp(req, req.params.id('app'), 'draft');
  const code = req.params.str('code', { max: MAX_LENGTH });
  if (code !== '' && !APP_CODE.test(code))
    throw invalid({
      code: `Enter letters, digits and _ only, not starting with a digit (got ${JSON.stringify(code)}).`,
    });
  const apps = req.ctx.store.table<AppDoc>(APPS_TABLE);
  if (code !== '') {
    const holder = [...apps.values()].find((a) => a.code === code && a.id !== app.id);
    if (holder)
      throw invalid({
        code: `The app code "${code}" is already used by app ${holder.id}; choose another, or remove it there first.`,
      });
  }
  req.ctx.store.transaction(() => apps.put(app.id, { ...app, code }));
  return {};
}

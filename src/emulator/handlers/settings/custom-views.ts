/**
 * Who may write a Customize view (`type: CUSTOM`, a view of HTML). kintone.dev, Update Views,
 * Permissions: a List or Calendar view needs App Management permission; a Customize view is for
 * kintone Administrators only, and "API Tokens cannot be used with this API" (the Japanese page
 * says the same: カスタマイズ形式の場合 kintone システム管理権限). Get Views takes tokens for
 * every type. The pages say it of the request that carries a Customize view; whether leaving an
 * existing one out (deleting it) counts too, they do not say, so that is not refused here.
 */
import { errors } from '../../errors.js';
import type { ApiRequest } from '../../context.js';

export function guardCustomViews(req: ApiRequest): void {
  if (!carriesCustomView(req.params.raw.views)) return;
  if (req.principal.kind === 'token') throw errors.tokenCannotRun();
  if (!req.principal.admin) throw errors.forbidden('writing a custom view (kintone administrators only)');
}

function carriesCustomView(views: unknown): boolean {
  if (typeof views !== 'object' || views === null) return false;
  return Object.values(views).some(
    (view) => typeof view === 'object' && view !== null && (view as { type?: unknown }).type === 'CUSTOM',
  );
}

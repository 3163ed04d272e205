/** Apps: read, list, create (draft), move between spaces, deploy and deployment status. */
import { callJson, type ClientContext } from './context.js';
import { waitForDeploy, type WaitForDeployOptions } from './deploy-wait.js';
import type { CallOptions } from './options.js';
import type {
  App,
  DeployStatusItem,
  DeployTarget,
  GetAppsParams,
  NewApp,
  NewAppResult,
} from './types/apps.js';
import type { EmptyResult, Id } from './types/common.js';

export class AppsClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET app.json: a deployed app (a never-deployed one answers GAIA_AP01). */
  getApp(params: { id: Id }, options?: CallOptions): Promise<App> {
    return callJson(this.#ctx, 'GET', this.#ctx.api('app.json'), params, options);
  }

  /** GET apps.json: up to 100 per call. */
  getApps(params: GetAppsParams = {}, options?: CallOptions): Promise<{ apps: App[] }> {
    return callJson(this.#ctx, 'GET', this.#ctx.api('apps.json'), params, options);
  }

  /** POST preview/app.json: creates a draft-only app. Never retried: it would create two. */
  addApp(params: NewApp, options?: CallOptions): Promise<NewAppResult> {
    return callJson(this.#ctx, 'POST', this.#ctx.api('preview/app.json'), params, options);
  }

  /** POST app/move.json: `space: null` (or none) takes the app out of its space. */
  moveApp(params: { app: Id; space?: Id | null }, options?: CallOptions): Promise<EmptyResult> {
    return callJson(this.#ctx, 'POST', this.#ctx.api('app/move.json'), params, options);
  }

  /** POST preview/app/deploy.json: starts deploying (or with `revert: true`, discards) drafts. */
  deploy(
    params: { apps: readonly DeployTarget[]; revert?: boolean | undefined },
    options?: CallOptions,
  ): Promise<EmptyResult> {
    return callJson(this.#ctx, 'POST', this.#deployPath(), params, options);
  }

  /** GET preview/app/deploy.json: up to 300 apps. */
  getDeployStatus(
    params: { apps: readonly Id[] },
    options?: CallOptions,
  ): Promise<{ apps: DeployStatusItem[] }> {
    return callJson(this.#ctx, 'GET', this.#deployPath(), params, options);
  }

  /**
   * Polls the deployment status with backoff until every app is SUCCESS, FAIL or CANCEL, and
   * returns those statuses; throws DeployTimeoutError when `timeoutMs` passes first (a poll in
   * flight at that moment is cut short: no poll waits past the deadline).
   */
  waitForDeploy(apps: readonly Id[], options?: WaitForDeployOptions): Promise<DeployStatusItem[]> {
    return waitForDeploy(
      (params, callOptions) => this.getDeployStatus(params, callOptions),
      apps,
      // The client's signal ends the pause between polls too, not only the polls.
      { ...options, signal: this.#ctx.transport.callerSignal(options?.signal) },
      { path: this.#deployPath() },
    );
  }

  #deployPath(): string {
    return this.#ctx.api('preview/app/deploy.json');
  }
}

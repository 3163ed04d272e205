import type { HttpMethod, Route } from './context.js';

/** Finds the route for a method and path; exact paths only, as the interface has no path parameters. */
export class Router {
  private readonly byKey = new Map<string, Route>();
  private readonly paths = new Set<string>();

  constructor(routes: readonly Route[]) {
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (this.byKey.has(key)) throw new Error(`route defined twice: ${key}`);
      this.byKey.set(key, route);
      this.paths.add(route.path);
    }
  }

  find(method: HttpMethod, path: string): Route | undefined {
    return this.byKey.get(`${method} ${path}`);
  }

  /** Whether any method serves this path (405 versus 404). */
  knows(path: string): boolean {
    return this.paths.has(path);
  }
}

/** `/k/guest/{spaceId}/v1/x` -> `{ path: '/k/v1/x', guestSpaceId }`; other paths unchanged. */
export function foldGuestPath(path: string): { path: string; guestSpaceId: string | null } {
  const match = /^\/k\/guest\/(\d+)\/v1\/(.*)$/.exec(path);
  if (!match) return { path, guestSpaceId: null };
  return { path: `/k/v1/${match[2]!}`, guestSpaceId: match[1]! };
}

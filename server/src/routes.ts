import type { AppContext } from './context';
import type { ApiRouter } from './http/api-router';
import { profileRoutes } from './modules/profiles/profiles.routes';

/** Every /api module registers its routes here. */
export function registerApiRoutes(api: ApiRouter, ctx: AppContext): void {
  profileRoutes(api, ctx);
}

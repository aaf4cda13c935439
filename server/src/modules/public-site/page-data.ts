import type { PageDataSource } from '../../http/public-page-render';
import type { PublicSiteService } from './public-site.service';

/** The data /pricing and /status are rendered with (the same as GET /api/plans and /api/status). */
export function publicPageData(service: PublicSiteService): PageDataSource {
  return async (pagePath) => {
    if (pagePath === '/pricing') return { plans: await service.plans() };
    if (pagePath === '/status') return { status: await service.status() };
    return undefined;
  };
}

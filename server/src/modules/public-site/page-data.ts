import type { PageDataSource } from '../../http/public-page-render';
import type { Logger } from '../../logger';
import type { PublicSiteService } from './public-site.service';

/**
 * The data /pricing and /status are rendered with (the same as GET /api/plans and /api/status).
 * A status that cannot be read renders the page's "unavailable" state (null), never the
 * all-operational one; plans that cannot be read fall back to the page that loads them.
 */
export function publicPageData(service: PublicSiteService, logger: Pick<Logger, 'warn'>): PageDataSource {
  return async (pagePath) => {
    if (pagePath === '/pricing') return { plans: await service.plans() };
    if (pagePath === '/status') {
      try {
        return { status: await service.status() };
      } catch (err) {
        logger.warn({ err }, 'status page rendered without the status');
        return { status: null };
      }
    }
    return undefined;
  };
}

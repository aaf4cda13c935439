import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';

// Being built (issue 31): registered here so the route table has one place for it.
export function sendingDomainRoutes(_api: ApiRouter, _ctx: AppContext): void {}

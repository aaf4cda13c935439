import type { AppContext } from './context';
import type { ApiRouter } from './http/api-router';
import { collabRoutes } from './collab/collab.routes';
import { assistantRoutes } from './modules/assistant/assistant.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { editorRoutes } from './modules/editor/editor.routes';
import { profileRoutes } from './modules/profiles/profiles.routes';
// imports: public site (issue 4)
import { publicSiteRoutes } from './modules/public-site/public-site.routes';
// imports: client workspace (issue 5)
import { clientDashboardRoutes } from './modules/client-dashboard/client-dashboard.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { releaseRoutes } from './modules/releases/releases.routes';
// imports: reports (issue 8)
import { reportRoutes } from './modules/reports/reports.routes';
// imports: tasks and invitations (issue 9)
import { taskRoutes } from './modules/tasks/tasks.routes';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes';
// imports: superadmin (issue 10)
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { mediaListRoutes } from './modules/media-lists/media-lists.routes';
// imports: distribution (issue 7)
import { distributionRoutes } from './modules/distribution/distribution.routes';
// imports: media area (issue 7)
import { mediaInboxRoutes } from './modules/media-inbox/media-inbox.routes';
// imports: version history and approval (issue 19)
import { approvalRoutes } from './modules/approvals/approvals.routes';
import { versionRoutes } from './modules/versions/versions.routes';
// imports: plans and the trial (issue 20)
import { planRoutes } from './modules/plans/plans.routes';
// imports: newsroom (issue 19)
import { newsroomRoutes } from './modules/newsroom/newsroom.routes';

/** Every /api module registers its routes here. */
export function registerApiRoutes(api: ApiRouter, ctx: AppContext): void {
  profileRoutes(api, ctx);
  collabRoutes(api, ctx);
  editorRoutes(api, ctx);
  assistantRoutes(api, ctx);
  attachmentRoutes(api, ctx);
  // routes: public site (issue 4)
  publicSiteRoutes(api, ctx);
  // routes: client workspace (issue 5)
  releaseRoutes(api, ctx);
  notificationRoutes(api, ctx);
  clientDashboardRoutes(api, ctx);
  // routes: reports (issue 8)
  reportRoutes(api, ctx);
  // routes: tasks and invitations (issue 9)
  workspaceRoutes(api, ctx);
  taskRoutes(api, ctx);
  // routes: superadmin (issue 10)
  adminStatsRoutes(api, ctx);
  adminUserRoutes(api, ctx);
  mediaListRoutes(api, ctx);
  auditRoutes(api, ctx);
  // routes: distribution (issue 7)
  distributionRoutes(api, ctx);
  // routes: media area (issue 7)
  mediaInboxRoutes(api, ctx);
  // routes: version history and approval (issue 19)
  versionRoutes(api, ctx);
  approvalRoutes(api, ctx);
  // routes: plans and the trial (issue 20)
  planRoutes(api, ctx);
  // routes: newsroom (issue 19)
  newsroomRoutes(api, ctx);
}

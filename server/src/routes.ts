import type { AppContext } from './context';
import type { ApiRouter } from './http/api-router';
import { collabRoutes } from './collab/collab.routes';
import { assistantRoutes } from './modules/assistant/assistant.routes';
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { editorRoutes } from './modules/editor/editor.routes';
import { profileRoutes } from './modules/profiles/profiles.routes';
import { firstScreenRoutes } from './modules/first-screen/first-screen.routes';
// imports: public site
import { publicSiteRoutes } from './modules/public-site/public-site.routes';
// imports: client workspace
import { clientDashboardRoutes } from './modules/client-dashboard/client-dashboard.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { releaseRoutes } from './modules/releases/releases.routes';
// imports: reports
import { reportRoutes } from './modules/reports/reports.routes';
// imports: tasks and invitations
import { taskRoutes } from './modules/tasks/tasks.routes';
import { workspaceRoutes } from './modules/workspaces/workspaces.routes';
// imports: superadmin
import { adminStatsRoutes } from './modules/admin-stats/admin-stats.routes';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { mediaListRoutes } from './modules/media-lists/media-lists.routes';
// imports: distribution
import { distributionRoutes } from './modules/distribution/distribution.routes';
// imports: media area
import { mediaInboxRoutes } from './modules/media-inbox/media-inbox.routes';
import { pushRoutes } from './modules/push/push.routes';
// imports: version history and approval
import { approvalRoutes } from './modules/approvals/approvals.routes';
import { versionRoutes } from './modules/versions/versions.routes';
// imports: comments on the text
import { commentRoutes } from './modules/comments/comments.routes';
import { suggestionRoutes } from './modules/suggestions/suggestions.routes';
// imports: plans and the trial
import { planRoutes } from './modules/plans/plans.routes';
// imports: deliverability
import { deliveryTableRoutes } from './modules/deliverability/deliveries.routes';
import { sendingDomainRoutes } from './modules/deliverability/sending-domains.routes';
import { suppressionRoutes } from './modules/deliverability/suppressions.routes';
import { webhookRoutes } from './modules/deliverability/webhooks/webhooks.routes';
// imports: newsroom
import { newsroomRoutes } from './modules/newsroom/newsroom.routes';
import { dataRightsRoutes } from './modules/data-rights/data-rights.routes';

/** Every /api module registers its routes here. */
export function registerApiRoutes(api: ApiRouter, ctx: AppContext): void {
  profileRoutes(api, ctx);
  firstScreenRoutes(api, ctx);
  collabRoutes(api, ctx);
  editorRoutes(api, ctx);
  assistantRoutes(api, ctx);
  attachmentRoutes(api, ctx);
  // routes: public site
  publicSiteRoutes(api, ctx);
  // routes: client workspace
  releaseRoutes(api, ctx);
  notificationRoutes(api, ctx);
  clientDashboardRoutes(api, ctx);
  // routes: reports
  reportRoutes(api, ctx);
  // routes: tasks and invitations
  workspaceRoutes(api, ctx);
  taskRoutes(api, ctx);
  // routes: superadmin
  adminStatsRoutes(api, ctx);
  adminUserRoutes(api, ctx);
  mediaListRoutes(api, ctx);
  auditRoutes(api, ctx);
  // routes: distribution
  distributionRoutes(api, ctx);
  // routes: media area
  mediaInboxRoutes(api, ctx);
  pushRoutes(api, ctx);
  // routes: version history and approval
  versionRoutes(api, ctx);
  approvalRoutes(api, ctx);
  // routes: comments on the text
  commentRoutes(api, ctx);
  // routes: suggested changes in the editor
  suggestionRoutes(api, ctx);
  // routes: plans and the trial
  planRoutes(api, ctx);
  // routes: newsroom
  newsroomRoutes(api, ctx);
  // routes: deliverability
  sendingDomainRoutes(api, ctx);
  suppressionRoutes(api, ctx);
  deliveryTableRoutes(api, ctx);
  webhookRoutes(api, ctx);
  dataRightsRoutes(api, ctx);
}

import type { AppContext } from '../context';
import { registerDigestJobs } from '../modules/distribution/digest';
import { registerSendJob } from '../modules/distribution/distribution.jobs';
import { registerEmbargoJob } from '../modules/newsroom/newsroom.publication';
import { registerDraftsCleanup } from '../modules/releases/drafts-cleanup';
import { registerApprovalHooks } from '../modules/approvals/approvals.service';
import { registerCommentHooks } from '../modules/comments/comments.service';
import { registerVersionJobs } from '../modules/versions/versions.service';
import { registerTrialNotices } from '../modules/plans/plans.service';
import { registerSuggestionHooks } from '../modules/suggestions/suggestions.service';
import { registerPush } from '../modules/push/push.jobs';
import { registerErasureJob } from '../modules/data-rights/erasure.service';

/** Every kind of durable job, registered once per process before the worker starts. */
export function registerJobs(ctx: AppContext): void {
  registerSendJob(ctx);
  registerDigestJobs(ctx);
  registerDraftsCleanup(ctx);
  registerVersionJobs(ctx);
  registerApprovalHooks(ctx);
  registerCommentHooks(ctx);
  registerSuggestionHooks(ctx);
  registerTrialNotices(ctx);
  registerEmbargoJob(ctx);
  registerPush(ctx);
  registerErasureJob(ctx);
}

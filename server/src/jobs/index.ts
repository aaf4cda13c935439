import type { AppContext } from '../context';
import { registerSendJob } from '../modules/distribution/distribution.jobs';

/** Every kind of durable job, registered once per process before the worker starts. */
export function registerJobs(ctx: AppContext): void {
  registerSendJob(ctx);
}

/** The process's pool for CPU-heavy requests (pool.ts), running the tasks of tasks.ts on cpu-worker.ts. */
import type { Logger } from '../logger';
import { createWorkerPool, type PoolOptions, type WorkerPool } from './pool';

export const CPU_WORKER = { source: new URL('./cpu-worker.ts', import.meta.url), built: 'workers/cpu-worker.js' };

export function createCpuPool(logger: Logger, options: Partial<PoolOptions> = {}): WorkerPool {
  return createWorkerPool('cpu', CPU_WORKER, logger, options);
}

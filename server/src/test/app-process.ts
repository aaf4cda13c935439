import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../collab/cluster-node.fixture.ts', import.meta.url));

/** One real server process (cluster-node.fixture.ts): no process-level handlers, so an unhandled rejection ends it. */
export interface AppProcess {
  child: ChildProcess;
  port: number;
  url: string;
  alive(): boolean;
  stop(): Promise<void>;
}

export function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        const port = Number(m[1]);
        resolve({
          child,
          port,
          url: `http://127.0.0.1:${port}`,
          alive,
          stop: async () => {
            if (!alive()) return;
            const exited = new Promise((r) => child.once('exit', r));
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
}

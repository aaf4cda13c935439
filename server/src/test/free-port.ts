import net from 'node:net';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on, for a child process that must be told its port up front. It is
 * drawn from 20000–31999, below Linux's ephemeral range (32768+): there an outgoing
 * connection's local port can take the port between the pick and the child's listen.
 */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (avoid.includes(port)) continue;
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port found in 20000–31999');
}

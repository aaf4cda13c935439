import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';

/**
 * A local push service for tests: `web-push-testing` (a mock of the Web Push protocol: it checks
 * the VAPID signature, decrypts what it receives and keeps it), run in this process. It also acts
 * as the browser: subscribe() returns what PushManager.subscribe() would, messages() what reached
 * that "browser", expire() makes its endpoint answer 410.
 */
export interface TestPushService {
  url: string;
  subscribe(applicationServerKey: string): Promise<TestBrowser>;
  messages(b: TestBrowser): string[];
  expire(b: TestBrowser): Promise<void>;
  close(): Promise<void>;
}

export interface TestBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

interface PushApiModel {
  subscribe(o: { userVisibleOnly: string; applicationServerKey: string }): Promise<TestBrowser>;
  getNotifications(o: { clientHash: string }): { messages: string[] };
  expireSubscription(clientHash: string): void;
}

const require = createRequire(import.meta.url);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function startPushService(): Promise<TestPushService> {
  const port = await freePort();
  const TestingServer = require('web-push-testing/src/server.js') as new (m: PushApiModel, port: number) => { startServer(): void; _server: http.Server };
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
  const model = new PushApiModel();
  const server = new TestingServer(model, port);
  server.startServer();
  await new Promise<void>((resolve, reject) => {
    if (server._server.listening) resolve();
    server._server.once('listening', resolve).once('error', reject);
  });
  return {
    url: `http://localhost:${port}`,
    subscribe: (applicationServerKey) => model.subscribe({ userVisibleOnly: 'true', applicationServerKey }),
    messages: (b) => model.getNotifications({ clientHash: b.clientHash }).messages,
    expire: (b) => Promise.resolve(model.expireSubscription(b.clientHash)),
    close: () => new Promise((resolve) => server._server.close(() => resolve())),
  };
}

/**
 * A push service that answers every push with the status its path names (/status/<code>/<name>),
 * counting the pushes per path: the 404, 410, 429 and 5xx answers of real services.
 */
export async function startStatusService(): Promise<{ url: string; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
      const code = Number(/^\/status\/(\d{3})\//.exec(req.url ?? '')?.[1] ?? 201);
      res.writeHead(code, code === 429 ? { 'Retry-After': '7' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The review takes "today" from the server's clock (AppContext.clock), as the embargo, trials
 * and scheduled sends do: the dateline it proposes carries the clock's date.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReviewResponse } from '../../../../shared/schemas/assistant';
import { TestClock } from '../../clock';
import { startTestServer, type TestServer } from '../../test/app';
import { call, signUpAndIn } from '../../test/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { clock: new TestClock(new Date('2030-05-04T09:00:00Z')) });
}, 60_000);
afterAll(async () => server?.stop());

it('proposes a dateline with the date of the server’s clock', async () => {
  const { token } = await signUpAndIn(server.url, 'dateline@review.test');
  const releaseId = (await call<{ id: string }>(server.url, 'POST', '/api/releases', { token })).body.id;
  const text = 'Η εταιρεία ανακοινώνει σήμερα νέα επένδυση στη Θεσσαλονίκη.';
  const r = await call<ReviewResponse>(server.url, 'POST', '/api/assistant/review', { token, body: { releaseId, title: '', blocks: [{ type: 'paragraph', text, links: [] }] } });
  expect(r.status).toBe(200);
  const missing = r.body.findings.find((f) => f.check === 'dateline_missing');
  expect(missing?.fix?.label).toContain('4 Μαΐου 2030');
});

import { cuttableSockets, expect, LIVE_MS, newClient, signInViaApi, test } from './fixtures';

test('after a forced socket disconnect, what another session changed meanwhile shows on the release list, reports and task board without a reload', async ({
  browser,
  request,
}) => {
  // Three pages of one browser plus API calls on a 2-core machine, and a reconnect back-off of up to 5 s.
  test.slow();
  const tag = `Επανασύνδεση ${Date.now()}`;
  // A client organisation of its own: the releases, the coverage link and the task below are its alone.
  const client = await newClient(request, 'reconnect');
  const context = await browser.newContext();
  const sockets = await cuttableSockets(context);
  const list = await context.newPage();
  await signInViaApi(list, client.email, client.password);
  // "Another session": the same client signed in elsewhere, changing things through the API.
  const other = await browser.newContext();
  const signIn = await other.request.post('/auth/v1/token?grant_type=password', { data: { email: client.email, password: client.password } });
  expect(signIn.ok()).toBe(true);
  const headers = { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };

  // A sent release of our own, so its report row is ours alone to change.
  const created = await other.request.post('/api/releases', {
    headers,
    data: { title: `${tag} αναφορά`, content: 'Κείμενο για την αναφορά κάλυψης.', category: 'tech' },
  });
  expect(created.status()).toBe(201);
  const reportRelease = ((await created.json()) as { id: string }).id;
  expect((await other.request.post(`/api/releases/${reportRelease}/send`, { headers })).status()).toBe(200);

  await list.goto('/client/press-releases');
  await list.getByLabel('Αναζήτηση δελτίων τύπου').fill(tag);
  await expect(list.getByText(`${tag} αναφορά`)).toBeVisible();
  const reports = await context.newPage();
  await reports.goto('/client/reports');
  const reportRow = reports.getByTestId('report-row').filter({ hasText: `${tag} αναφορά` });
  await expect(reportRow.locator('[data-col="coverage"]')).toHaveText('0');
  const tasks = await context.newPage();
  await tasks.goto('/client/tasks');
  await tasks.getByLabel('Αναζήτηση εργασιών').fill(tag);
  await expect.poll(sockets.connected).toBe(3);
  // A page of the other session, never cut off: it shows the last change live, so by then the
  // events were sent, and the cut-off pages would have had theirs.
  const watcher = await other.newPage();
  await signInViaApi(watcher, client.email, client.password);
  await watcher.goto('/client/tasks');
  await watcher.getByLabel('Αναζήτηση εργασιών').fill(tag);

  // A mark in each document: a reload would wipe it.
  for (const p of [list, reports, tasks]) await p.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await sockets.cut();
  const draftTitle = `${tag} νέο πρόχειρο`;
  const taskTitle = `${tag} εργασία`;
  expect((await other.request.post('/api/releases', { headers, data: { title: draftTitle, category: 'tech' } })).status()).toBe(201);
  expect((await other.request.post(`/api/client/reports/${reportRelease}/coverage`, { headers, data: { url: `https://news.example/${Date.now()}` } })).status()).toBe(201);
  expect((await other.request.post('/api/tasks', { headers, data: { title: taskTitle } })).status()).toBe(201);
  // Nothing reaches the pages while they are cut off.
  await expect(watcher.getByTestId('task-card').filter({ hasText: taskTitle })).toBeVisible({ timeout: LIVE_MS });
  await expect(list.getByText(draftTitle)).toBeHidden();
  await expect(reportRow.locator('[data-col="coverage"]')).toHaveText('0');
  await expect(tasks.getByTestId('task-card').filter({ hasText: taskTitle })).toBeHidden();

  // Back online: each page's socket reconnects by itself and refetches what it shows.
  await sockets.up();
  // Socket.IO's back-off: at most 5 s between attempts, ±50 %.
  const reconnected = { timeout: 7_500 + LIVE_MS };
  await expect(list.getByText(draftTitle)).toBeVisible(reconnected);
  await expect(reportRow.locator('[data-col="coverage"]')).toHaveText('1', reconnected);
  await expect(tasks.getByTestId('task-card').filter({ hasText: taskTitle })).toBeVisible(reconnected);
  // Without a reload: the same documents.
  for (const p of [list, reports, tasks]) expect(await p.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await other.close();
  await context.close();
});

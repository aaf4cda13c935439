import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { fsError } from '../test/faulty-fs';
import { errorHandler } from './errors';

/** A write that fails outside the FileStore (any fs call in a route) is still a storage fault, not a 500. */
function appFailingWith(err: unknown) {
  const app = express();
  app.post('/write', () => {
    throw err;
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

describe('the error handler on file-system faults', () => {
  it.each([
    ['ENOSPC', 507, 'storage_full'],
    ['EDQUOT', 507, 'storage_full'],
    ['EROFS', 503, 'storage_unavailable'],
    ['EACCES', 503, 'storage_unavailable'],
    ['EPERM', 503, 'storage_unavailable'],
  ])('%s answers %i %s', async (code, status, answer) => {
    const res = await request(appFailingWith(fsError(code, 'write', '/data/x'))).post('/write');
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code: answer, message: expect.any(String) } });
    if (status === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an EACCES that is not a file-system call (no syscall) stays a 500', async () => {
    const res = await request(appFailingWith(Object.assign(new Error('nope'), { code: 'EACCES' }))).post('/write');
    expect(res.status).toBe(500);
  });
});

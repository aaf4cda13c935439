import { coverageBody, releaseIdParams, reportExportQuery, reportQuery } from '../../../../shared/schemas/reports';
import { REPORT_TIME_ZONE } from '../../../../shared/reports';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { reportCsv } from './reports.csv';
import * as service from './reports.service';

const CLIENT = ['client'] as const;
/** A PDF report's budget on the CPU pool (a year of 5,000 releases is laid out in a few seconds). */
const PDF_BUDGET_MS = 30_000;

/** Client reports: the report, its CSV and PDF exports, and coverage links added by hand. */
export function reportRoutes(api: ApiRouter, ctx: AppContext): void {
  api.get('/client/reports', CLIENT, validate('query', reportQuery), async (_req, res) => {
    res.json(await service.clientReport(ctx, actorOf(res), valid(res, 'query', reportQuery)));
  });

  api.get('/client/reports/export.csv', CLIENT, validate('query', reportExportQuery), async (_req, res) => {
    const q = valid(res, 'query', reportExportQuery);
    const data = await service.reportForExport(ctx, actorOf(res), q);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="reports-${data.filters.to}.csv"`);
    res.send(reportCsv(data.rows, q.tz ?? REPORT_TIME_ZONE));
  });

  api.get('/client/reports/export.pdf', CLIENT, validate('query', reportExportQuery), async (_req, res) => {
    const q = valid(res, 'query', reportExportQuery);
    const data = await service.reportForExport(ctx, actorOf(res), q);
    // Laid out on the CPU pool's thread (pdfmake holds its thread for 100s of ms on a large report).
    const pdf = await ctx.cpu.run<Uint8Array>('reports.pdf', { data, tz: q.tz ?? REPORT_TIME_ZONE }, { timeoutMs: PDF_BUDGET_MS });
    res.setHeader('content-type', 'application/pdf');
    res.setHeader('content-disposition', `attachment; filename="reports-${data.filters.to}.pdf"`);
    res.send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  api.get('/client/reports/:releaseId/coverage', CLIENT, validate('params', releaseIdParams), async (_req, res) => {
    res.json(await service.releaseCoverage(ctx, actorOf(res), valid(res, 'params', releaseIdParams).releaseId));
  });

  api.post(
    '/client/reports/:releaseId/coverage',
    CLIENT,
    validate('params', releaseIdParams),
    validate('body', coverageBody),
    async (_req, res) => {
      const { releaseId } = valid(res, 'params', releaseIdParams);
      res.status(201).json(await service.addCoverage(ctx, actorOf(res), releaseId, valid(res, 'body', coverageBody).url));
    },
  );

  api.delete(
    '/client/reports/:releaseId/coverage',
    CLIENT,
    validate('params', releaseIdParams),
    validate('query', coverageBody),
    async (_req, res) => {
      const { releaseId } = valid(res, 'params', releaseIdParams);
      res.json(await service.removeCoverage(ctx, actorOf(res), releaseId, valid(res, 'query', coverageBody).url));
    },
  );
}

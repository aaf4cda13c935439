/**
 * What the CPU pool's threads can run, by name. Each task is a pure function of its payload
 * (structured-cloneable in and out); the request side reads the database, the thread computes.
 */
import { builtinAssistant, type AssistantInput } from '../modules/assistant/builtin';
import { computeReview, type ReviewInput } from '../modules/assistant/review/compute';
import { reportPdf } from '../modules/reports/reports.pdf';
import type { ReportExport } from '../modules/reports/reports.service';
import { versionsDiff } from '../modules/versions/versions.content';

export type Task = (payload: never) => unknown;

export const TASKS: Record<string, Task> = {
  'assistant.review': (input: ReviewInput) => computeReview(input),
  'assistant.suggest': (input: AssistantInput) => builtinAssistant.suggest(input),
  'versions.diff': versionsDiff,
  'reports.pdf': (p: { data: ReportExport; tz: string }) => reportPdf(p.data, p.tz),
};

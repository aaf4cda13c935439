import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/api/query-keys';
import type { Category, ReleaseStatus } from '@shared/constants';
import { dayIn, defaultRange, type ReportSort, type SortDir } from '@shared/reports';
import { clientReport, coverageResult, releaseCoverage } from '@shared/schemas/reports';
import { api, ApiError, downloadFile } from '@client/api/http';
import { refreshQueries } from '@client/lib/refresh';

export const REPORTS_KEY = queryKeys.reports;

export interface ReportState {
  from: string;
  to: string;
  category: Category | 'all';
  status: ReleaseStatus | 'all';
  sort: ReportSort;
  dir: SortDir;
  page: number;
}

/** Today in the platform's zone (Europe/Athens): the latest day a picker accepts. */
export const reportToday = () => dayIn(new Date());

export function defaultReportState(): ReportState {
  return { ...defaultRange(reportToday()), category: 'all', status: 'all', sort: 'created_at', dir: 'desc', page: 1 };
}

function filterParams(s: ReportState): URLSearchParams {
  return new URLSearchParams({ from: s.from, to: s.to, category: s.category, status: s.status, sort: s.sort, dir: s.dir });
}

export function useClientReport(s: ReportState) {
  return useQuery({
    queryKey: [...REPORTS_KEY, s],
    queryFn: ({ signal }) => {
      const p = filterParams(s);
      p.set('page', String(s.page));
      return api('GET', `/client/reports?${p.toString()}`, { schema: clientReport, signal });
    },
    placeholderData: keepPreviousData,
  });
}


/** Downloads the table as CSV or the report as PDF, with dates in the viewer's time zone (as on screen). */
export function exportReport(s: ReportState, kind: 'csv' | 'pdf'): Promise<void> {
  const p = filterParams(s);
  p.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return downloadFile(`/client/reports/export.${kind}?${p.toString()}`, `reports-${s.to}.${kind}`);
}

/** One release's coverage links (the release list's menu and the sent release's page). */
export function useReleaseCoverage(releaseId: string) {
  return useQuery({
    queryKey: queryKeys.releaseCoverage(releaseId),
    queryFn: ({ signal }) => api('GET', `/client/reports/${releaseId}/coverage`, { schema: releaseCoverage, signal }),
    // 404: not one of the viewer's own releases (a colleague's, in a shared workspace).
    retry: (failures, err) => !(err instanceof ApiError && err.status === 404) && failures < 1,
  });
}

export function useCoverage(releaseId: string) {
  const qc = useQueryClient();
  const done = () => refreshQueries(qc, REPORTS_KEY);
  const add = useMutation({
    mutationFn: (url: string) => api('POST', `/client/reports/${releaseId}/coverage`, { body: { url }, schema: coverageResult }),
    onSettled: done,
  });
  const remove = useMutation({
    mutationFn: (url: string) =>
      api('DELETE', `/client/reports/${releaseId}/coverage?${new URLSearchParams({ url }).toString()}`, { schema: coverageResult }),
    onSettled: done,
  });
  return { add, remove };
}

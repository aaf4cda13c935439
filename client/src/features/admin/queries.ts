/**
 * The superadmin's data: one fetcher per endpoint, parsed with the shared schemas, the
 * queries built on them (keys from api/query-keys.ts, kept fresh live by realtime/live-queries.ts)
 * and the calls the admin screens' mutations make.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category } from '@shared/constants';
import {
  addMediaResult,
  adminHealth,
  adminOverview,
  adminStatistics,
  adminUser,
  adminUsersPage,
  auditLogsPage,
  bulkApproveResult,
  importMediaResult,
  mediaCandidates,
  type MediaCandidatesPage,
  mediaListCounts,
  mediaListPage,
  type UserActionBody,
} from '@shared/schemas/admin';
import { platformSettingsSchema, type PlatformSettings } from '@shared/schemas/public-site';
import type { ExtendTrialBody, SetPlanBody } from '@shared/schemas/plans';
import { api, downloadFile } from '@client/api/http';
import { queryKeys } from '@client/api/query-keys';

const searchOf = (entries: Record<string, string>) =>
  new URLSearchParams(Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== ''))).toString();

export const useAdminOverview = () => useQuery({ queryKey: queryKeys.adminOverview, queryFn: () => api('GET', '/admin/overview', { schema: adminOverview }) });

/** The health card refreshes itself every 15 s (its figures move without events). */
export const useAdminHealth = () =>
  useQuery({ queryKey: queryKeys.adminHealth, queryFn: () => api('GET', '/admin/health', { schema: adminHealth }), refetchInterval: 15_000 });

/** `params`: the users page's query string (role, status, page, q). */
export const useAdminUsers = (params: string) =>
  useQuery({
    queryKey: queryKeys.adminUsers(params),
    queryFn: () => api('GET', `/admin/users?${params}`, { schema: adminUsersPage }),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (params: string) =>
  useQuery({
    queryKey: queryKeys.adminAudit(params),
    queryFn: () => api('GET', `/admin/audit-logs?${params}`, { schema: auditLogsPage }),
    placeholderData: keepPreviousData,
  });

export const useAdminStatistics = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.adminStatistics(from, to),
    queryFn: () => api('GET', `/admin/statistics?from=${from}&to=${to}`, { schema: adminStatistics }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useMediaListCounts = () =>
  useQuery({ queryKey: queryKeys.adminMediaCounts, queryFn: () => api('GET', '/admin/media-lists', { schema: mediaListCounts }) });

export const useMediaList = (category: Category, q: string, page: number) =>
  useQuery({
    queryKey: queryKeys.adminMediaList(category, q, page),
    queryFn: () => api('GET', `/admin/media-lists/${category}?${searchOf({ page: String(page), q })}`, { schema: mediaListPage }),
    placeholderData: keepPreviousData,
  });

/** The add-media dialog's candidates, a page at a time: "load more" asks for the page after the last one's end. */
export const useMediaCandidates = (category: Category, q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.adminMediaCandidates(category, q),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      api('GET', `/admin/media-candidates?${searchOf({ category, q, after: pageParam })}`, { schema: mediaCandidates, signal }),
    getNextPageParam: (last: MediaCandidatesPage) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePlatformSettings = () =>
  useQuery({ queryKey: queryKeys.platformSettings, queryFn: () => api('GET', '/platform-settings', { schema: platformSettingsSchema }) });

/** What the admin screens change. */
export const adminCalls = {
  userAction: (userId: string, body: UserActionBody) => api('POST', `/admin/users/${userId}/actions`, { body, schema: adminUser }),
  bulkApprove: (ids: string[]) => api('POST', '/admin/users/bulk-approve', { body: { ids }, schema: bulkApproveResult }),
  exportUsers: (filters: { role: string; status: string; plan: string; trial: string; q: string }) =>
    downloadFile(`/admin/users/export?${searchOf(filters)}`, `users-${new Date().toISOString().slice(0, 10)}.csv`),
  extendTrial: (userId: string, body: ExtendTrialBody) => api('POST', `/admin/users/${userId}/trial`, { body, schema: adminUser }),
  setPlan: (userId: string, body: SetPlanBody) => api('PUT', `/admin/users/${userId}/plan`, { body, schema: adminUser }),
  addMedia: (category: Category, mediaIds: string[]) => api('POST', `/admin/media-lists/${category}`, { body: { mediaIds }, schema: addMediaResult }),
  importMedia: (category: Category, text: string) => api('POST', `/admin/media-lists/${category}/import`, { body: { text }, schema: importMediaResult }),
  exportMediaList: (category: Category) => downloadFile(`/admin/media-lists/${category}/export`, `media-${category}-${new Date().toISOString().slice(0, 10)}.csv`),
  removeMedia: (category: Category, mediaId: string) => api('DELETE', `/admin/media-lists/${category}/${mediaId}`),
  savePlatformSettings: (body: PlatformSettings) => api('PUT', '/platform-settings', { body, schema: platformSettingsSchema }),
};

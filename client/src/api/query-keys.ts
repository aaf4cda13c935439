/**
 * The query keys of every domain, in one place: the fetching hooks build their keys from
 * these prefixes and the live map (realtime/live-queries.ts) invalidates by them.
 */
export const queryKeys = {
  releases: ['releases'] as const,
  releaseState: (releaseId: string) => ['release-state', releaseId] as const,
  releaseExists: (releaseId: string) => ['release-exists', releaseId] as const,
  sendPreview: (releaseId: string) => ['send-preview', releaseId] as const,
  testEmail: (releaseId: string, mailId: number | undefined) => ['test-email', releaseId, mailId] as const,
  mediaListsSummary: ['media-lists-summary'] as const,
  attachments: (releaseId: string) => ['attachments', releaseId] as const,
  clientDashboard: ['client-dashboard'] as const,
  reports: ['reports'] as const,
  tasks: (workspaceId: string) => ['tasks', workspaceId] as const,
  workspaces: ['workspaces'] as const,
  invitations: (workspaceId: string) => ['workspaces', workspaceId, 'invitations'] as const,
  media: ['media'] as const,
  admin: ['admin'] as const,
  adminOverview: ['admin', 'overview'] as const,
  adminHealth: ['admin', 'health'] as const,
  adminUsers: (params: string) => ['admin', 'users', params] as const,
  adminAudit: (params: string) => ['admin', 'audit', params] as const,
  adminStatistics: (from: string, to: string) => ['admin', 'statistics', from, to] as const,
  adminMedia: ['admin', 'media'] as const,
  adminMediaCounts: ['admin', 'media', 'counts'] as const,
  adminMediaList: (category: string, q: string, page: number) => ['admin', 'media', 'list', category, q, page] as const,
  adminMediaCandidates: (category: string, q: string) => ['admin', 'media', 'candidates', category, q] as const,
  platformSettings: ['superadmin', 'platform-settings'] as const,
  notifications: ['notifications'] as const,
  publicStatus: ['public', 'status'] as const,
  newsroom: ['newsroom'] as const,
  newsroomSlug: (slug: string) => ['newsroom', 'slug', slug] as const,
};

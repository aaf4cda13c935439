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
  /** Under `reports`: a report change (report:changed) refreshes it too. */
  releaseCoverage: (releaseId: string) => ['reports', 'coverage', releaseId] as const,
  /** Under `reports`: a bounce or complaint (report:changed, kind 'delivery') refreshes the release's delivery table. */
  releaseDeliveries: (releaseId: string, params: string) => ['reports', 'deliveries', releaseId, params] as const,
  /** The suppression lists: an organisation's ('org', id) or the global one ('global'). */
  suppressions: ['suppressions'] as const,
  suppressionList: (scope: string, params: string) => ['suppressions', scope, params] as const,
  /** The journalist's own complaints (media settings). */
  mediaSuppressions: ['media', 'suppressions'] as const,
  tasks: (workspaceId: string) => ['tasks', workspaceId] as const,
  workspaces: ['organisations'] as const,
  /** The caller's organisations and the active one (GET /organisations). */
  myOrganisations: ['organisations', 'mine'] as const,
  invitations: (workspaceId: string) => ['organisations', workspaceId, 'invitations'] as const,
  workspaceDictionary: (workspaceId: string) => ['workspace-dictionary', workspaceId] as const,
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
  adminDigest: (kind: string, recipient: string) => ['admin', 'digests', kind, recipient] as const,
  notifications: ['notifications'] as const,
  /** A release's version history and its compares. */
  versions: (releaseId: string) => ['versions', releaseId] as const,
  versionCompare: (releaseId: string, a: string, b: string) => ['versions', releaseId, 'compare', a, b] as const,
  /** A release's comment threads (and, later, its suggestions). */
  comments: (releaseId: string) => ['comments', releaseId] as const,
  /** A release's pending suggested changes. */
  suggestions: (releaseId: string) => ['suggestions', releaseId] as const,
  /** Everything about approvals (the queue, its badge, each release's approval). */
  approvals: ['approvals'] as const,
  approvalCount: ['approvals', 'count'] as const,
  releaseApproval: (releaseId: string) => ['approvals', 'release', releaseId] as const,
  publicStatus: ['public', 'status'] as const,
  accountPlan: ['account', 'plan'] as const,
  /** One's own account erasure request (data rights). */
  accountErasure: ['account', 'erasure'] as const,
  /** The superadmin's list of pending account erasures. */
  adminErasures: ['admin', 'erasures'] as const,
  newsroom: ['newsroom'] as const,
  newsroomSlug: (slug: string) => ['newsroom', 'slug', slug] as const,
};

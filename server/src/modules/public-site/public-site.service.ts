import { HEALTH_THRESHOLDS, LIMITS, SYSTEM_STATES, type SystemState } from '../../../../shared/constants';
import { healthLevel, type HealthLevel } from '../../../../shared/schemas/admin';
import type { ComponentsMap } from '../../../../shared/schemas/public-site';

const QUEUE_STATE: Record<HealthLevel, SystemState> = { green: 'operational', yellow: 'degraded', red: 'outage', unknown: 'operational' };
const worse = (a: SystemState, b: SystemState): SystemState => (SYSTEM_STATES.indexOf(a) >= SYSTEM_STATES.indexOf(b) ? a : b);
import { rooms } from '../../../../shared/events';
import {
  platformSettingsSchema,
  type CookieConsent,
  type DemoRequest,
  type Incident,
  type IncidentUpdate,
  type Lead,
  type PlatformSettings,
  type StatusResponse,
  type cookieConsentBody,
  type demoRequestBody,
  type incidentCreate,
  type incidentPatch,
  type leadBody,
  type statusPut,
} from '../../../../shared/schemas/public-site';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { demoConfirmationMail, leadConfirmationMail } from './public-site.mail';
import {
  presentComponents,
  presentDemoRequest,
  presentIncident,
  presentLead,
  presentPlan,
} from './public-site.presenter';
import * as repo from './public-site.repo';

/** Hard-coded uptime figures of the status page (spec section 9). */
export const UPTIME = { days30: 99.9, days90: 99.8 } as const;

const INCIDENT_STATUS_LABELS: Record<Incident['status'], string> = {
  investigating: 'Διερεύνηση',
  identified: 'Εντοπίστηκε η αιτία',
  monitoring: 'Παρακολούθηση',
  resolved: 'Επιλύθηκε',
};

export class PublicSiteService {
  constructor(private readonly ctx: AppContext) {}

  async plans() {
    return (await repo.activePlans(this.ctx.db)).map(presentPlan);
  }

  /**
   * Anonymous forms send a confirmation to the address typed in: limited per sender address
   * and per recipient (429 past either), and the mail echoes nothing the sender wrote.
   */
  private async limitForm(ip: string | null, recipient: string): Promise<void> {
    const { limiter } = this.ctx;
    await limiter.consume(
      [limiter.limit('publicFormPerAddress', ip ?? 'unknown'), limiter.limit('publicFormMailsPerRecipient', recipient)],
      'Too many requests; try again later',
    );
  }

  async createLead(body: z.output<typeof leadBody>, ip: string | null): Promise<Lead> {
    const { db, mailer } = this.ctx;
    await this.limitForm(ip, body.email);
    const row = await db.transaction(async (trx) => {
      const lead = await repo.insertLead(trx, body);
      await mailer.enqueue(
        { to: lead.email, ...leadConfirmationMail(lead.source) },
        trx,
      );
      return lead;
    });
    mailer.kick();
    return presentLead(row);
  }

  async createDemoRequest(body: z.output<typeof demoRequestBody>, ip: string | null): Promise<DemoRequest> {
    const { db, mailer } = this.ctx;
    await this.limitForm(ip, body.email);
    const row = await db.transaction(async (trx) => {
      const req = await repo.insertDemoRequest(trx, body);
      await mailer.enqueue(
        {
          to: req.email,
          ...demoConfirmationMail(req.preferred_date, req.preferred_time),
        },
        trx,
      );
      return req;
    });
    mailer.kick();
    return presentDemoRequest(row);
  }

  async status(): Promise<StatusResponse> {
    const { db } = this.ctx;
    const row = await repo.latestStatus(db);
    const incidents = await repo.recentIncidents(db, LIMITS.incidentWindowDays);
    const components = presentComponents(row);
    const overall = await this.withQueues(components, row?.overall ?? 'operational');
    return {
      overall,
      components,
      updated_at: row ? new Date(row.updated_at).toISOString() : null,
      uptime: { ...UPTIME },
      incidents: incidents.map(presentIncident),
    };
  }

  /**
   * The e-mail and newsletter components also follow the real outbox queues (the health
   * card's thresholds): a backlog shows as degraded or outage even if nobody set it.
   */
  private async withQueues(components: ComponentsMap, overall: SystemState): Promise<SystemState> {
    let queues: { email: number; newsletter: number };
    try {
      queues = await this.ctx.mailer.queueSizes();
    } catch (err) {
      this.ctx.logger.warn({ err }, 'status: queue sizes failed');
      return overall;
    }
    const measured = {
      emails: QUEUE_STATE[healthLevel(queues.email, HEALTH_THRESHOLDS.emailQueue)],
      newsletters: QUEUE_STATE[healthLevel(queues.newsletter, HEALTH_THRESHOLDS.newsletterQueue)],
    };
    for (const [c, state] of Object.entries(measured) as [keyof typeof measured, SystemState][]) {
      components[c] = worse(components[c], state);
      if (state !== 'operational') overall = worse(overall, 'degraded');
    }
    return overall;
  }

  async setStatus(body: z.output<typeof statusPut>): Promise<StatusResponse> {
    await this.ctx.db.transaction(async (trx) => {
      await repo.insertStatus(trx, body.overall, body.components);
    });
    this.changed();
    return this.status();
  }

  async createIncident(body: z.output<typeof incidentCreate>): Promise<Incident> {
    const now = new Date().toISOString();
    const updates: IncidentUpdate[] = [
      { ts: now, message: body.message ?? `${INCIDENT_STATUS_LABELS[body.status]}: ${body.title}` },
    ];
    const row = await this.ctx.db.transaction((trx) =>
      repo.insertIncident(trx, {
        title: body.title,
        status: body.status,
        impact: body.impact,
        updates,
        resolved_at: body.status === 'resolved' ? new Date(now) : null,
      }),
    );
    this.changed();
    return presentIncident(row);
  }

  async updateIncident(id: string, patch: z.output<typeof incidentPatch>): Promise<Incident> {
    const row = await this.ctx.db.transaction(async (trx) => {
      const current = await repo.incidentById(trx, id, true);
      if (!current) throw notFound('Incident not found');
      const incident = presentIncident(current);
      const status = patch.status ?? incident.status;
      const statusChanged = status !== incident.status;
      const message =
        patch.message ??
        (statusChanged
          ? `Νέα κατάσταση: ${INCIDENT_STATUS_LABELS[status]}`
          : 'Ενημέρωση συμβάντος');
      const now = new Date();
      return repo.updateIncident(trx, id, {
        status,
        impact: patch.impact ?? incident.impact,
        resolved_at: status === 'resolved' ? (current.resolved_at ?? now) : null,
        updates: [...incident.updates, { ts: now.toISOString(), message }],
      });
    });
    this.changed();
    return presentIncident(row);
  }

  async saveCookieConsent(
    userId: string,
    body: z.output<typeof cookieConsentBody>,
  ): Promise<CookieConsent> {
    const row = await this.ctx.db.transaction((trx) =>
      repo.upsertCookieConsent(trx, userId, {
        version: body.version,
        functional: body.functional,
        performance: body.performance,
        marketing: body.marketing,
      }),
    );
    return { ...row, updated_at: new Date(row.updated_at).toISOString() };
  }

  async platformSettings(): Promise<PlatformSettings> {
    const value = await repo.readSetting(this.ctx.db, 'signup_requires_approval');
    // Missing or anything but false: approval required (the auth module reads it the same way).
    return platformSettingsSchema.parse({ signup_requires_approval: value !== false });
  }

  async setPlatformSettings(body: PlatformSettings): Promise<PlatformSettings> {
    await this.ctx.db.transaction((trx) =>
      repo.writeSetting(trx, 'signup_requires_approval', body.signup_requires_approval),
    );
    return this.platformSettings();
  }

  /** After commit: every open /status page reloads. */
  private changed(): void {
    this.ctx.realtime.broadcast(rooms.public(), 'status:changed', { at: new Date().toISOString() });
  }
}

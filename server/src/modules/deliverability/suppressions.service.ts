import type { Knex } from 'knex';
import { roleMay } from '../../../../shared/organisation-roles';
import {
  SUPPRESSIONS_PAGE_SIZE,
  type AddSuppressionBody,
  type ImportSuppressionsResult,
  type MediaSuppressions,
  type SuppressionItem,
  type SuppressionListQuery,
  type SuppressionPage,
} from '../../../../shared/schemas/suppressions';
import type { AppContext } from '../../context';
import type { Actor } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { requireOrganisation } from '../organisations/access';
import { parseSuppressionImport, suppressionsCsv } from './suppressions.csv';
import * as repo from './suppressions.repo';

/**
 * The suppression list's screens, at one of two levels: an organisation's (its admins write,
 * every member reads; strangers get 404 as everywhere) or the global one (the superadmin's
 * only: the route lets no one else in). The list itself and what a send leaves out live in
 * suppressions.repo.ts.
 */
export type Scope = { organisationId: string } | { organisationId: null };

const GLOBAL: Scope = { organisationId: null };
export const globalScope = (): Scope => GLOBAL;

/** May the caller read this level, and may they change it. */
async function access(
  q: Knex | Knex.Transaction,
  actor: Actor,
  scope: Scope,
  write: boolean,
): Promise<{ canEdit: boolean }> {
  if (scope.organisationId === null) return { canEdit: actor.role === 'superadmin' };
  const m = await requireOrganisation(
    q,
    actor,
    scope.organisationId,
    write ? 'suppressions.manage' : 'read',
  );
  return { canEdit: roleMay(m.role, 'suppressions.manage') };
}

async function namesOf(
  q: Knex | Knex.Transaction,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = (await q('profiles').whereIn('user_id', wanted).select('user_id', 'name')) as {
    user_id: string;
    name: string;
  }[];
  return new Map(rows.map((r) => [r.user_id, r.name]));
}

function present(r: repo.SuppressionRow, names: Map<string, string>): SuppressionItem {
  return {
    id: r.id,
    email: r.email_lc,
    reason: r.reason,
    source: r.source,
    detail: r.detail,
    createdAt: new Date(r.created_at).toISOString(),
    createdByName: r.created_by ? (names.get(r.created_by) ?? null) : null,
  };
}

const entityOf = (scope: Scope) => ({
  entityType: scope.organisationId ? 'organisation' : 'suppression_list',
  entityId: scope.organisationId ?? 'global',
});

export async function list(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  query: SuppressionListQuery,
): Promise<SuppressionPage> {
  const { canEdit } = await access(ctx.db, actor, scope, false);
  const { rows, total } = await repo.listSuppressions(ctx.db, {
    organisationId: scope.organisationId,
    search: query.q,
    reason: query.reason,
    limit: SUPPRESSIONS_PAGE_SIZE,
    offset: (query.page - 1) * SUPPRESSIONS_PAGE_SIZE,
  });
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.created_by),
  );
  return {
    items: rows.map((r) => present(r, names)),
    total,
    page: query.page,
    pageSize: SUPPRESSIONS_PAGE_SIZE,
    canEdit,
  };
}

/** Adds an address by hand (reason manual, source admin); an address already on the list stays as it was. */
export async function add(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  body: AddSuppressionBody,
): Promise<{ item: SuppressionItem; created: boolean }> {
  return ctx.db.transaction(async (trx) => {
    await access(trx, actor, scope, true);
    const { row, created } = await repo.addSuppression(trx, {
      email: body.email,
      organisationId: scope.organisationId,
      reason: 'manual',
      source: 'admin',
      detail: body.note || null,
      createdBy: actor.userId,
    });
    if (created) {
      await writeAudit(trx, ctx.logger, actor, {
        action: 'suppression.added',
        entityType: 'suppression',
        entityId: row.id,
        metadata: {
          email: row.email_lc,
          reason: row.reason,
          organisation_id: scope.organisationId,
        },
      });
    }
    return { item: present(row, await namesOf(trx, [row.created_by])), created };
  });
}

/**
 * Lifts a suppression (the row stays, with who and when). An organisation does not lift a
 * journalist's complaint about its own mail: only the journalist does, from their settings.
 */
export async function remove(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await access(trx, actor, scope, true);
    const active = (await trx('suppressions')
      .where('id', id)
      .whereNull('removed_at')
      .where((w) =>
        scope.organisationId
          ? void w.where('organisation_id', scope.organisationId)
          : void w.whereNull('organisation_id'),
      )
      .first('reason')) as { reason: string } | undefined;
    if (!active) throw notFound('Suppression not found');
    if (scope.organisationId && active.reason === 'complaint') {
      throw conflict(
        'complaint_by_recipient',
        'A complaint is lifted only by the recipient who made it',
      );
    }
    const row = await repo.removeSuppression(
      trx,
      id,
      scope.organisationId,
      actor.userId,
      ctx.clock.now(),
    );
    if (!row) throw notFound('Suppression not found');
    await writeAudit(trx, ctx.logger, actor, {
      action: 'suppression.removed',
      entityType: 'suppression',
      entityId: row.id,
      metadata: { email: row.email_lc, reason: row.reason, organisation_id: scope.organisationId },
    });
  });
}

/** The level's whole list as CSV (audited: who took the addresses out). */
export async function exportCsv(ctx: AppContext, actor: Actor, scope: Scope): Promise<string> {
  await access(ctx.db, actor, scope, false);
  const rows = await repo.allSuppressions(ctx.db, scope.organisationId);
  const csv = suppressionsCsv(
    rows,
    await namesOf(
      ctx.db,
      rows.map((r) => r.created_by),
    ),
  );
  await ctx.db.transaction((trx) =>
    writeAudit(trx, ctx.logger, actor, {
      action: 'suppression.exported',
      ...entityOf(scope),
      metadata: { rows: rows.length, organisation_id: scope.organisationId },
    }),
  );
  return csv;
}

/** Adds the addresses of a CSV text (reason import, source csv); bad lines are reported by number and the rest is taken. */
export async function importCsv(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  text: string,
): Promise<ImportSuppressionsResult> {
  const parsed = parseSuppressionImport(text);
  if (!parsed.rows.length && !parsed.problems.length)
    throw badRequest('validation_failed', 'Invalid input', {
      text: 'text has no e-mail addresses',
    });
  return ctx.db.transaction(async (trx) => {
    await access(trx, actor, scope, true);
    let added = 0;
    for (const r of parsed.rows) {
      const { created } = await repo.addSuppression(trx, {
        email: r.email,
        organisationId: scope.organisationId,
        reason: 'import',
        source: 'csv',
        detail: r.note,
        createdBy: actor.userId,
      });
      if (created) added += 1;
    }
    const result: ImportSuppressionsResult = {
      total: parsed.rows.length,
      added,
      existing: parsed.rows.length - added,
      problems: parsed.problems,
    };
    await writeAudit(trx, ctx.logger, actor, {
      action: 'suppression.imported',
      ...entityOf(scope),
      metadata: {
        organisation_id: scope.organisationId,
        total: result.total,
        added,
        existing: result.existing,
        problems: parsed.problems.length,
      },
    });
    return result;
  });
}

// ---------------------------------------------------------------- the journalist's own complaints

/** The companies whose mail the journalist stopped by a complaint (their own address only). */
export async function mediaComplaints(ctx: AppContext, actor: Actor): Promise<MediaSuppressions> {
  const rows = await repo.complaintsOf(ctx.db, actor.email);
  return {
    items: rows.map((r) => ({
      id: r.id,
      organisationName: r.organisation_name,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** The journalist takes back a complaint: that company's mail reaches them again. */
export async function liftMediaComplaint(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const row = await repo.liftComplaint(trx, id, actor.email, actor.userId, ctx.clock.now());
    if (!row) throw notFound('Suppression not found');
    await writeAudit(trx, ctx.logger, actor, {
      action: 'suppression.removed',
      entityType: 'suppression',
      entityId: row.id,
      metadata: {
        email: row.email_lc,
        reason: row.reason,
        organisation_id: row.organisation_id,
        by: 'recipient',
      },
    });
  });
}

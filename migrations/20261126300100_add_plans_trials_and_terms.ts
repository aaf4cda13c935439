import type { Knex } from 'knex';
import { PLAN_CODES } from '../shared/constants';
import { DEFAULT_PLAN, SEED_PLAN_LIMITS, TRIAL_DAYS } from '../shared/plans';
import { auditActions, setAuditActions, sqlList } from './lib/helpers';

/** Audit actions this migration adds (superadmin: extend a trial, set a plan). */
const ACTIONS = ['user.trial_extend', 'user.plan_change'];
/** The starter plan's recipients promise, worded as the limit it is (per release). */
const STARTER_TARGETING_BEFORE = '100 επαφές media';
const STARTER_TARGETING = 'Έως 100 επαφές media ανά δελτίο';

/**
 * Plans and the free trial become real:
 * - plans.limits: what each plan allows (releases per month, recipients per release,
 *   workspace users; a missing key is unlimited), enforced by the server.
 * - profiles: the client's plan (plan_code), the trial (trial_started_at, trial_ends_at),
 *   plan_activated_at (set by the superadmin: the plan is paid and active), which trial end
 *   was announced (trial_notice_for: the notice before the end; trial_ended_notice_for:
 *   the notice at the end), and the accepted terms (terms_version, terms_accepted_at).
 * - Clients who signed up before plans existed get the default plan with a 14-day trial
 *   from today.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plans', (t) => {
    t.jsonb('limits').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
  });
  for (const code of PLAN_CODES) {
    await knex('plans').where({ code }).update({ limits: JSON.stringify(SEED_PLAN_LIMITS[code]) });
  }
  await knex.raw(
    `update plans set features = jsonb_set(features, '{media_targeting}', to_jsonb(?::text))
      where code = 'starter' and features->>'media_targeting' = ?`,
    [STARTER_TARGETING, STARTER_TARGETING_BEFORE],
  );

  await knex.schema.alterTable('profiles', (t) => {
    t.text('plan_code').nullable();
    t.timestamp('trial_started_at', { useTz: true }).nullable();
    t.timestamp('trial_ends_at', { useTz: true }).nullable();
    t.timestamp('plan_activated_at', { useTz: true }).nullable();
    t.timestamp('trial_notice_for', { useTz: true }).nullable();
    t.timestamp('trial_ended_notice_for', { useTz: true }).nullable();
    t.text('terms_version').nullable();
    t.timestamp('terms_accepted_at', { useTz: true }).nullable();
    t.check(`plan_code is null or plan_code in (${sqlList(PLAN_CODES)})`, [], 'profiles_plan_code_check');
  });
  await knex.raw('create index profiles_plan_code_idx on profiles (plan_code)');
  // The notices' sweep and the "trial ending / expired" filters.
  await knex.raw('create index profiles_trial_ends_at_idx on profiles (trial_ends_at) where plan_activated_at is null');
  await knex.raw(
    `update profiles set plan_code = ?, trial_started_at = now(), trial_ends_at = now() + make_interval(days => ?)
      where role = 'client' and plan_code is null`,
    [DEFAULT_PLAN, TRIAL_DAYS],
  );

  const actions = await auditActions(knex);
  await setAuditActions(knex, [...actions, ...ACTIONS.filter((a) => !actions.includes(a))]);
}

export async function down(knex: Knex): Promise<void> {
  await knex('audit_logs').whereIn('action_type', ACTIONS).delete();
  await setAuditActions(knex, (await auditActions(knex)).filter((a) => !ACTIONS.includes(a)));
  await knex.raw('drop index profiles_trial_ends_at_idx');
  await knex.raw('drop index profiles_plan_code_idx');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropChecks(['profiles_plan_code_check']);
    for (const c of ['plan_code', 'trial_started_at', 'trial_ends_at', 'plan_activated_at', 'trial_notice_for', 'trial_ended_notice_for', 'terms_version', 'terms_accepted_at']) {
      t.dropColumn(c);
    }
  });
  await knex.raw(
    `update plans set features = jsonb_set(features, '{media_targeting}', to_jsonb(?::text))
      where code = 'starter' and features->>'media_targeting' = ?`,
    [STARTER_TARGETING_BEFORE, STARTER_TARGETING],
  );
  await knex.schema.alterTable('plans', (t) => t.dropColumn('limits'));
}

/**
 * Every migration, imported statically so the runner works the same under tsx, vitest
 * and a bundled build. Keys are the file names without extension; they sort in order.
 */
import type { Knex } from 'knex';
import * as m20261122000100 from './20261122000100_create_auth';
import * as m20261122000200 from './20261122000200_create_public_site';
import * as m20261122000300 from './20261122000300_create_workspaces';
import * as m20261122000400 from './20261122000400_create_press_releases';
import * as m20261122000500 from './20261122000500_create_tasks';
import * as m20261122000600 from './20261122000600_create_media_lists_and_audit';
import * as m20261122000700 from './20261122000700_create_collab';
import * as m20261122000800 from './20261122000800_create_jobs_and_mail';
import * as m20261122090000 from './20261122090000_allow_download_events';
import * as m20261122100000 from './20261122100000_add_mail_headers_and_job_indexes';
import * as m20261122110000 from './20261122110000_add_reporting_coverage_count';
import * as m20261123100000 from './20261123100000_release_lifecycle';
import * as m20261123120000 from './20261123120000_add_rate_limits_leases_and_logo_owners';
import * as m20261123130000 from './20261123130000_create_collab_ticket_uses';
import * as m20261126000000 from './20261126000000_create_versions_and_approvals';
import * as m20261126100000 from './20261126100000_add_embargo_and_newsroom';
import * as m20261126200000 from './20261126200000_create_workspace_words';
import * as m20261126300000 from './20261126300000_fold_final_sigma_in_search_text';
import * as m20261126300100 from './20261126300100_add_plans_trials_and_terms';
import * as m20261126400000 from './20261126400000_add_daily_release_limit';
import * as m20261126510000 from './20261126510000_mail_outbox_message_id';
import * as m20261127000000 from './20261127000000_audit_refused_sends';
import * as m20261128000000 from './20261128000000_organisations';
import * as m20261129000000 from './20261129000000_create_release_comments';
import * as m20261129100000 from './20261129100000_create_release_suggestions';
import * as m20261130000000 from './20261130000000_deliverability';
import * as m20261201000000 from './20261201000000_inbox_scale';
import * as m20261202000000 from './20261202000000_web_push';
import * as m20261202000001 from './20261202000001_data_rights';
import * as m20261202000002 from './20261202000002_approval_scope';
import * as m20261203000000 from './20261203000000_list_scale';
import * as m20261203000100 from './20261203000100_push_session';
import * as m20261204000100 from './20261204000100_search_trigrams';
import * as m20261205000000 from './20261205000000_inbox_search_trigrams';
import * as m20261206000000 from './20261206000000_inbox_search_recipients';
import * as m20261206000100 from './20261206000100_media_candidates_order';
import * as m20261206000200 from './20261206000200_notifications_organisation_index';
import * as m20261207000000 from './20261207000000_release_notices_from_deliveries';
import * as m20261208000000 from './20261208000000_fill_inbox_only_when_missing';
import * as m20261208000100 from './20261208000100_inbox_counters_fillfactor';
import * as m20261209000000 from './20261209000000_mail_outbox_queued_index';

export interface Migration {
  up: (k: Knex) => Promise<void>;
  down: (k: Knex) => Promise<void>;
}

export const migrations: Record<string, Migration> = {
  '20261122000100_create_auth': m20261122000100,
  '20261122000200_create_public_site': m20261122000200,
  '20261122000300_create_workspaces': m20261122000300,
  '20261122000400_create_press_releases': m20261122000400,
  '20261122000500_create_tasks': m20261122000500,
  '20261122000600_create_media_lists_and_audit': m20261122000600,
  '20261122000700_create_collab': m20261122000700,
  '20261122000800_create_jobs_and_mail': m20261122000800,
  '20261122090000_allow_download_events': m20261122090000,
  '20261122100000_add_mail_headers_and_job_indexes': m20261122100000,
  '20261122110000_add_reporting_coverage_count': m20261122110000,
  '20261123100000_release_lifecycle': m20261123100000,
  '20261123120000_add_rate_limits_leases_and_logo_owners': m20261123120000,
  '20261123130000_create_collab_ticket_uses': m20261123130000,
  '20261126000000_create_versions_and_approvals': m20261126000000,
  '20261126100000_add_embargo_and_newsroom': m20261126100000,
  '20261126200000_create_workspace_words': m20261126200000,
  '20261126300000_fold_final_sigma_in_search_text': m20261126300000,
  '20261126300100_add_plans_trials_and_terms': m20261126300100,
  '20261126400000_add_daily_release_limit': m20261126400000,
  '20261126510000_mail_outbox_message_id': m20261126510000,
  '20261127000000_audit_refused_sends': m20261127000000,
  '20261128000000_organisations': m20261128000000,
  '20261129000000_create_release_comments': m20261129000000,
  '20261129100000_create_release_suggestions': m20261129100000,
  '20261130000000_deliverability': m20261130000000,
  '20261201000000_inbox_scale': m20261201000000,
  '20261202000000_web_push': m20261202000000,
  '20261202000001_data_rights': m20261202000001,
  '20261202000002_approval_scope': m20261202000002,
  '20261203000000_list_scale': m20261203000000,
  '20261203000100_push_session': m20261203000100,
  '20261204000100_search_trigrams': m20261204000100,
  '20261205000000_inbox_search_trigrams': m20261205000000,
  '20261206000000_inbox_search_recipients': m20261206000000,
  '20261206000100_media_candidates_order': m20261206000100,
  '20261206000200_notifications_organisation_index': m20261206000200,
  '20261207000000_release_notices_from_deliveries': m20261207000000,
  '20261208000000_fill_inbox_only_when_missing': m20261208000000,
  '20261208000100_inbox_counters_fillfactor': m20261208000100,
  '20261209000000_mail_outbox_queued_index': m20261209000000,
};

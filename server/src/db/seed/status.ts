import type { Knex } from 'knex';
import { STATUS_COMPONENTS } from '../../../../shared/constants';

/** One status_pages row, all operational, when the table is empty. */
export async function seedStatusPage(db: Knex): Promise<void> {
  const existing = await db('status_pages').first<{ id: string } | undefined>('id');
  if (existing) return;
  const components = Object.fromEntries(STATUS_COMPONENTS.map((c) => [c, 'operational']));
  await db('status_pages').insert({
    overall: 'operational',
    components: JSON.stringify(components),
  });
}

export const DEFAULT_PLATFORM_SETTINGS: Record<string, unknown> = {
  signup_requires_approval: true,
};

/** Platform settings that are missing; existing values are kept. */
export async function seedPlatformSettings(db: Knex): Promise<void> {
  for (const [key, value] of Object.entries(DEFAULT_PLATFORM_SETTINGS)) {
    await db('platform_settings')
      .insert({ key, value: JSON.stringify(value) })
      .onConflict('key')
      .ignore();
  }
}

import { describe, expect, it, vi } from 'vitest';
import type { StatusResponse } from '@shared/schemas/public-site';
import { publicPageData } from '../../../../server/src/modules/public-site/page-data';
import type { PublicSiteService } from '../../../../server/src/modules/public-site/public-site.service';
import { render } from '@client/entry-server';
import { LOADING_TEXT, STATUS_UNAVAILABLE } from './status-labels';

const ALL_OPERATIONAL = 'Όλα τα συστήματα λειτουργούν κανονικά';
const STATUS: StatusResponse = {
  overall: 'operational',
  components: { api: 'operational', app: 'operational', database: 'operational', emails: 'operational', newsletters: 'operational' },
  updated_at: '2026-11-20T10:00:00.000Z',
  uptime: { days30: 99.9, days90: 99.8 },
  incidents: [],
};

/**
 * /status as the server renders it (server/src/http/public-page-render.ts renders the page
 * with the data publicPageData reads): "all operational" only with a status that was read.
 */
describe('the status page rendered on the server', () => {
  it('says the status is unavailable when the data source fails, never "all operational"', async () => {
    const warn = vi.fn();
    const failing = { status: () => Promise.reject(new Error('database down')) } as unknown as PublicSiteService;
    const data = await publicPageData(failing, { warn } as never)('/status');
    expect(data).toEqual({ status: null });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'status page rendered without the status');
    const { html } = await render('/status', data);
    expect(html).toContain(STATUS_UNAVAILABLE);
    expect(html).not.toContain(ALL_OPERATIONAL);
    expect(html).toContain('data-state="unavailable"');
  });

  it('renders the state it read, and a neutral "loading" when built without data', async () => {
    const ok = { status: () => Promise.resolve(STATUS) } as unknown as PublicSiteService;
    const { html } = await render('/status', await publicPageData(ok, { warn: vi.fn() } as never)('/status'));
    expect(html).toContain(ALL_OPERATIONAL);
    expect(html).not.toContain(STATUS_UNAVAILABLE);

    const built = await render('/status');
    expect(built.html).toContain(LOADING_TEXT);
    expect(built.html).not.toContain(ALL_OPERATIONAL);
  });
});

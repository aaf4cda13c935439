import {
  cookieConsentBody,
  demoRequestBody,
  idParams,
  incidentCreate,
  incidentPatch,
  leadBody,
  platformSettingsSchema,
  statusPut,
} from '../../../../shared/schemas/public-site';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { actorOf } from '../../http/authenticate';
import { valid, validate } from '../../http/validate';
import { PublicSiteService } from './public-site.service';

/**
 * The public site: plans, leads, demo requests, the status page (read by anyone, changed by
 * the superadmin), cookie consent of signed-in users and the platform settings.
 */
export function publicSiteRoutes(api: ApiRouter, ctx: AppContext): void {
  const service = new PublicSiteService(ctx);

  api.get('/plans', 'public', async (_req, res) => {
    res.json({ plans: await service.plans() });
  });

  api.post('/leads', 'public', validate('body', leadBody), async (req, res) => {
    res.status(201).json(await service.createLead(valid(res, 'body', leadBody), req.ip ?? null));
  });

  api.post('/demo-requests', 'public', validate('body', demoRequestBody), async (req, res) => {
    res.status(201).json(await service.createDemoRequest(valid(res, 'body', demoRequestBody), req.ip ?? null));
  });

  api.get('/status', 'public', async (_req, res) => {
    res.set('cache-control', 'no-store');
    res.json(await service.status());
  });

  api.put('/status', ['superadmin'], validate('body', statusPut), async (_req, res) => {
    res.json(await service.setStatus(valid(res, 'body', statusPut)));
  });

  api.post('/incidents', ['superadmin'], validate('body', incidentCreate), async (_req, res) => {
    res.status(201).json(await service.createIncident(valid(res, 'body', incidentCreate)));
  });

  api.patch(
    '/incidents/:id',
    ['superadmin'],
    validate('params', idParams),
    validate('body', incidentPatch),
    async (_req, res) => {
      const { id } = valid(res, 'params', idParams);
      res.json(await service.updateIncident(id, valid(res, 'body', incidentPatch)));
    },
  );

  api.put(
    '/cookie-consent',
    'authenticated',
    validate('body', cookieConsentBody),
    async (_req, res) => {
      res.json(
        await service.saveCookieConsent(actorOf(res).userId, valid(res, 'body', cookieConsentBody)),
      );
    },
  );

  api.get('/platform-settings', ['superadmin'], async (_req, res) => {
    res.json(await service.platformSettings());
  });

  api.put(
    '/platform-settings',
    ['superadmin'],
    validate('body', platformSettingsSchema),
    async (_req, res) => {
      res.json(await service.setPlatformSettings(valid(res, 'body', platformSettingsSchema)));
    },
  );
}

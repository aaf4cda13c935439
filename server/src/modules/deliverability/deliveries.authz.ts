import { matrixRelease, only, type AuthzModule, type Caller } from '../../test/authz';

/** The release is the client's organisation's: members of other organisations get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({
  ...only(ok, ['client']),
  otherClient: 404,
  pending: 404,
});

export const authz: AuthzModule = {
  setup: async (world) => {
    const deliveriesRelease = await matrixRelease(world, {
      title: 'Matrix delivery table',
      category: 'tech',
      status: 'sent',
      sent_at: new Date(),
    });
    return { deliveriesRelease };
  },
  entries: {
    'GET /client/reports/:releaseId/deliveries': {
      request: (fx) => ({ path: `/client/reports/${fx.deliveriesRelease}/deliveries?page=1` }),
      expect: ownerOnly(200),
    },
  },
};

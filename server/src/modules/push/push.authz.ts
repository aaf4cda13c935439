import { only, type AuthzModule } from '../../test/authz';

const media = (ok = 200) => only(ok, ['media']);
// A subscription as a browser makes it (the keys' sizes are what the schema checks).
const subscription = {
  endpoint: 'https://push.example.test/send/matrix',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

export const authz: AuthzModule = {
  entries: {
    'GET /push/config': { request: () => ({ path: '/push/config' }), expect: media() },
    'POST /push/subscriptions': { request: () => ({ path: '/push/subscriptions', body: subscription }), expect: media(201) },
    'DELETE /push/subscriptions': { request: () => ({ path: '/push/subscriptions', body: { endpoint: subscription.endpoint } }), expect: media() },
  },
};

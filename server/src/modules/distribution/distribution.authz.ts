import { everyone, only, type AuthzModule } from '../../test/authz';

// The links of e-mails work without signing in; a forged token is refused the same way for everyone.
const forged = '1.AAAAAAAAAAAAAAAAAAAAAAAA';

export const authz: AuthzModule = {
  entries: {
    'GET /t/o/:file': { request: () => ({ path: `/t/o/${forged}.gif` }), expect: everyone(200) },
    'GET /t/c/:token': { request: () => ({ path: `/t/c/${forged}?u=${encodeURIComponent('https://example.com/')}` }), expect: everyone(400) },
    'GET /unsubscribe/:token': { request: () => ({ path: `/unsubscribe/${forged}` }), expect: everyone(404) },
    'POST /unsubscribe/:token': { request: () => ({ path: `/unsubscribe/${forged}`, body: { scope: 'all' } }), expect: everyone(404) },
    'POST /unsubscribe/:token/undo': { request: () => ({ path: `/unsubscribe/${forged}/undo`, body: { scope: 'all' } }), expect: everyone(404) },
    'POST /unsubscribe/:token/one-click': { request: () => ({ path: `/unsubscribe/${forged}/one-click` }), expect: everyone(404) },
    'GET /admin/digests/:kind/preview': { request: () => ({ path: '/admin/digests/daily/preview' }), expect: only(200, ['superadmin']) },
    'POST /admin/digests/:kind/run': { request: () => ({ path: '/admin/digests/weekly/run' }), expect: only(200, ['superadmin']) },
  },
};

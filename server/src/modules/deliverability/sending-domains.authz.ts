import { only, type AuthzModule, type Caller } from '../../test/authz';

/** The organisation is `client`'s (its owner): another client or a pending one (not members) get 404. */
const ownerOnly = (ok: number): Record<Caller, number> => ({ ...only(ok, ['client']), otherClient: 404, pending: 404 });

/** A sending domain of the client's organisation, as an add leaves it (the key material is not used by these routes). */
const row = (organisationId: string, domain: string) => ({
  organisation_id: organisationId,
  domain,
  dkim_selector: 'deltio202611',
  dkim_public_key: 'TUFUUklY',
  dkim_private_key_enc: 'v1:jwt:AAAA:AAAA:AAAA',
  key_id: 'jwt',
  return_path_host: `bounces.${domain}`,
});

export const authz: AuthzModule = {
  setup: async ({ db, organisationIds }) => {
    const [verify] = (await db('sending_domains').insert(row(organisationIds.client, 'verify.matrix.invalid')).returning('id')) as { id: string }[];
    const [remove] = (await db('sending_domains').insert(row(organisationIds.client, 'remove.matrix.invalid')).returning('id')) as { id: string }[];
    return { sdOrg: organisationIds.client, sdVerify: verify!.id, sdRemove: remove!.id };
  },
  entries: {
    'GET /organisations/:id/sending-domains': { request: (fx) => ({ path: `/organisations/${fx.sdOrg}/sending-domains` }), expect: ownerOnly(200) },
    'POST /organisations/:id/sending-domains': {
      request: (fx) => ({ path: `/organisations/${fx.sdOrg}/sending-domains`, body: { domain: 'added.matrix.invalid' } }),
      expect: ownerOnly(201),
    },
    // .invalid never resolves (RFC 2606): the check answers at once, nothing verified.
    'POST /organisations/:id/sending-domains/:domainId/verify': {
      request: (fx) => ({ path: `/organisations/${fx.sdOrg}/sending-domains/${fx.sdVerify}/verify` }),
      expect: ownerOnly(200),
    },
    'DELETE /organisations/:id/sending-domains/:domainId': {
      request: (fx) => ({ path: `/organisations/${fx.sdOrg}/sending-domains/${fx.sdRemove}` }),
      expect: ownerOnly(204),
    },
  },
};

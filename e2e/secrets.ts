/** The e2e server's signing key, so tests can mint the signed links an e-mail would carry. */
export const E2E_JWT_SECRET = 'e2e-only-signing-secret-0123456789-abcdef';

/** The e2e server's Mailgun webhook signing key, so tests can post the bounces a provider would. */
export const E2E_MAILGUN_SIGNING_KEY = 'e2e-only-mailgun-signing-key-0123456789';

/** The e2e server's signing key, so tests can mint the signed links an e-mail would carry. */
export const E2E_JWT_SECRET = 'e2e-only-signing-secret-0123456789-abcdef';

import { everyone, type AuthzModule } from '../../test/authz';

/**
 * The providers' webhooks are public: a provider proves itself by its signature or secret, never
 * a session, so every caller gets the same answer. The matrix's server configures no provider:
 * 404 `webhook_not_configured` for all (webhooks/webhooks.test.ts covers them configured).
 */
export const authz: AuthzModule = {
  entries: {
    'POST /webhooks/mail/ses': {
      request: () => ({ path: '/webhooks/mail/ses', body: { Type: 'Notification', MessageId: 'm', TopicArn: 'arn:aws:sns:eu-west-1:1:t', Message: '{}' } }),
      expect: everyone(404),
    },
    'POST /webhooks/mail/postmark': {
      request: () => ({ path: '/webhooks/mail/postmark', body: { RecordType: 'Bounce', ID: 1, Type: 'HardBounce', Email: 'a@matrix.test' } }),
      expect: everyone(404),
    },
    'POST /webhooks/mail/mailgun': {
      request: () => ({
        path: '/webhooks/mail/mailgun',
        body: { signature: { timestamp: '1', token: 't', signature: 's' }, 'event-data': { event: 'failed', id: 'x', recipient: 'a@matrix.test' } },
      }),
      expect: everyone(404),
    },
  },
};

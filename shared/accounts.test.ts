import { describe, expect, it } from 'vitest';
import { MAIL_BLOCK_MESSAGES, mailBlock } from './accounts';

describe('mailBlock: when the platform may mail on an account\'s behalf', () => {
  it('only for a confirmed address of an approved account', () => {
    expect(mailBlock({ emailConfirmed: true, status: 'approved' })).toBeNull();
  });

  it('asks for the address first, whatever the approval', () => {
    for (const status of ['approved', 'pending', 'rejected']) {
      expect(mailBlock({ emailConfirmed: false, status })).toEqual({ code: 'email_unconfirmed', message: MAIL_BLOCK_MESSAGES.email_unconfirmed });
    }
  });

  it('then waits for approval, saying whether it is pending or was refused', () => {
    expect(mailBlock({ emailConfirmed: true, status: 'pending' })).toEqual({ code: 'account_not_approved', message: MAIL_BLOCK_MESSAGES.pending });
    expect(mailBlock({ emailConfirmed: true, status: 'rejected' })).toEqual({ code: 'account_not_approved', message: MAIL_BLOCK_MESSAGES.rejected });
  });
});

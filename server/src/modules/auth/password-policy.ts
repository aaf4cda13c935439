import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '../../../../shared/constants';
import { badRequest } from '../../http/errors';

/**
 * ~49,000 passwords seen most often in breaches (the list zxcvbn-ts keeps up to date),
 * compared case-insensitively. Kept on the server: the list would triple the client bundle.
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** The length rule is in the shared schema; this adds the list. 400 weak_password naming the field. */
export function assertPasswordAllowed(password: string): void {
  if (password.length < LIMITS.passwordMinLength) {
    throw badRequest('weak_password', `password must have at least ${LIMITS.passwordMinLength} characters`, {
      password: `password must have at least ${LIMITS.passwordMinLength} characters`,
    });
  }
  if (isCommonPassword(password)) {
    throw badRequest('weak_password', 'This password is too common; choose a less predictable one', {
      password: 'is too common',
    });
  }
}

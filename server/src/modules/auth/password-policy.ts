import { createRequire } from 'node:module';
import { LIMITS } from '../../../../shared/constants';
import { badRequest } from '../../http/errors';

/**
 * ~49,000 passwords seen most often in breaches (the list zxcvbn-ts keeps up to date),
 * compared case-insensitively. Kept on the server: the list would triple the client bundle.
 * Read with the first password checked, not at every start (a few MB an idle process need not hold).
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
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

import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './errors';
import { storageErrorMessage } from './storage-errors';

describe('storage errors in Greek', () => {
  it('a 507 storage_full and a 503 storage_unavailable read as clear Greek sentences', async () => {
    const full = await toApiError(new Response(JSON.stringify({ error: { code: 'storage_full', message: 'The file storage is full' } }), { status: 507 }));
    expect(storageErrorMessage(full)).toBe('Ο χώρος αποθήκευσης είναι πλήρης. Δοκιμάστε ξανά αργότερα.');
    const ro = await toApiError(new Response(JSON.stringify({ error: { code: 'storage_unavailable', message: 'unavailable' } }), { status: 503 }));
    expect(storageErrorMessage(ro)).toBe('Η αποθήκευση αρχείων δεν είναι διαθέσιμη αυτή τη στιγμή. Δοκιμάστε ξανά αργότερα.');
  });

  it('other errors are left to the caller', () => {
    expect(storageErrorMessage(new ApiError(400, 'file_too_large', 'too large'))).toBeUndefined();
    expect(storageErrorMessage(new Error('x'))).toBeUndefined();
    expect(storageErrorMessage(null)).toBeUndefined();
  });
});

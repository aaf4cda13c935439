/**
 * What an upload answers when the server's storage cannot take the file: the
 * disk is full (507 `storage_full`) or the data folder cannot be written now (503
 * `storage_unavailable`). Every upload (attachments, logos) shows these in Greek.
 */
export const STORAGE_ERROR_MESSAGES: Record<string, string> = {
  storage_full: 'Ο χώρος αποθήκευσης είναι πλήρης. Δοκιμάστε ξανά αργότερα.',
  storage_unavailable: 'Η αποθήκευση αρχείων δεν είναι διαθέσιμη αυτή τη στιγμή. Δοκιμάστε ξανά αργότερα.',
};

/** The Greek message for a storage error answered by the server, or undefined for any other error. */
export function storageErrorMessage(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? STORAGE_ERROR_MESSAGES[code] : undefined;
}

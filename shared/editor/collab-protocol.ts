/**
 * The release editor's wire protocol beyond y-websocket's sync (0) and awareness (1)
 * messages, and the close codes of /collab. Shared by the server and the client.
 */

/** Server → client: everything up to this state vector is stored (drives "saved"). */
export const MESSAGE_SAVED = 100;
/** Server → client: the document is stored but cannot be rendered; a UTF-8 reason follows. */
export const MESSAGE_RENDER_ERROR = 101;

/** The ticket is missing, invalid or expired, or the session ended: get a new ticket. */
export const CLOSE_UNAUTHORIZED = 4401;
/** No access to this release (or it was deleted). */
export const CLOSE_FORBIDDEN = 4403;
/** The release was sent: the document is read-only and the connection sent a change. */
export const CLOSE_READ_ONLY = 4409;
/** The connection sent content outside the editor schema; nothing of it was applied. */
export const CLOSE_REJECTED = 4422;

/** Longest text a release may hold (the same limit as a new draft's content). */
export const MAX_RELEASE_TEXT_CHARS = 100_000;

/** Why a document could not be rendered, in Greek, for the editors. */
export const RENDER_ERRORS = {
  tooLong: `Το κείμενο ξεπερνά τους ${MAX_RELEASE_TEXT_CHARS.toLocaleString('el-GR')} χαρακτήρες`,
  invalid: 'Το κείμενο περιέχει στοιχεία που δεν υποστηρίζονται',
  /** A NUL or an unpaired UTF-16 surrogate (stored before the server refused them). */
  badTitle: 'Ο τίτλος περιέχει χαρακτήρα που δεν μπορεί να αποθηκευτεί (NUL ή μη έγκυρο Unicode). Γράψτε τον ξανά.',
  badText: 'Το κείμενο περιέχει χαρακτήρα που δεν μπορεί να αποθηκευτεί (NUL ή μη έγκυρο Unicode)',
  /** The database refused what was derived (a value it cannot hold). */
  notStorable: 'Η βάση δεδομένων δεν δέχτηκε το κείμενο του δελτίου',
  /** Deriving the release failed for another reason (a fault of the server); the next change retries. */
  failed: 'Σφάλμα του διακομιστή κατά την ενημέρωση του δελτίου· θα ξαναδοκιμαστεί με την επόμενη αλλαγή',
} as const;

/**
 * Client → server, the first message of a connection opened without a ticket: the session's
 * access token (varString). Sent in the socket, never in the URL (which lands in logs); the
 * server answers an expired or unknown one with CLOSE_UNAUTHORIZED (refresh and reconnect).
 */
export const MESSAGE_AUTH = 102;

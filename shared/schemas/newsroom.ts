/**
 * The public newsroom of a client organisation: its settings (client
 * settings, "Newsroom" section) and the availability check of its address. The messages are
 * the Greek ones the settings screen shows under each field.
 */
import { z } from 'zod';
import { NEWSROOM_SLUG } from '../slug';

export const NEWSROOM_MESSAGES = {
  slugRequired: 'Συμπληρώστε τη διεύθυνση του newsroom',
  slugFormat: `Η διεύθυνση πρέπει να έχει ${NEWSROOM_SLUG.min} έως ${NEWSROOM_SLUG.max} χαρακτήρες: λατινικά πεζά γράμματα, αριθμούς και παύλες ανάμεσα σε λέξεις`,
  slugTaken: 'Η διεύθυνση χρησιμοποιείται ήδη από άλλον οργανισμό. Επιλέξτε μια άλλη.',
  slugReserved: 'Η διεύθυνση αυτή δεν είναι διαθέσιμη. Επιλέξτε μια άλλη.',
  slugNeedsApproval: 'Η διεύθυνση του newsroom ορίζεται μόλις εγκριθεί ο λογαριασμός σας.',
  boilerplateLong: 'Το κείμενο «Σχετικά με» μπορεί να έχει έως 2.000 χαρακτήρες',
  nameLong: 'Το όνομα μπορεί να έχει έως 120 χαρακτήρες',
  badEmail: 'Παρακαλώ εισάγετε έγκυρη διεύθυνση email',
  badPhone: 'Το τηλέφωνο μπορεί να έχει αριθμούς, κενά, +, -, ( ) και έως 40 χαρακτήρες',
} as const;

export const BOILERPLATE_MAX = 2000;

/** '' (or only spaces) is "not set": stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const newsroomSlugField = z
  .string({ error: NEWSROOM_MESSAGES.slugRequired })
  .trim()
  .min(1, NEWSROOM_MESSAGES.slugRequired)
  .refine((v) => v.length >= NEWSROOM_SLUG.min && v.length <= NEWSROOM_SLUG.max && NEWSROOM_SLUG.pattern.test(v), NEWSROOM_MESSAGES.slugFormat);

/** PUT /newsroom/settings: the newsroom's address, on/off, the «Σχετικά με» text and the press contact. */
export const newsroomSettingsBody = z
  .object({
    newsroom_slug: newsroomSlugField,
    newsroom_enabled: z.boolean({ error: 'newsroom_enabled must be true or false' }),
    boilerplate: optionalText(BOILERPLATE_MAX, NEWSROOM_MESSAGES.boilerplateLong),
    press_contact_name: optionalText(120, NEWSROOM_MESSAGES.nameLong),
    press_contact_email: z
      .string()
      .trim()
      .max(254, NEWSROOM_MESSAGES.badEmail)
      .refine((v) => v === '' || z.email().safeParse(v).success, NEWSROOM_MESSAGES.badEmail)
      .transform((v) => (v === '' ? null : v.toLowerCase()))
      .nullable(),
    press_contact_phone: z
      .string()
      .trim()
      .max(40, NEWSROOM_MESSAGES.badPhone)
      .regex(/^[0-9+()\-.\s]*$/, NEWSROOM_MESSAGES.badPhone)
      .transform((v) => (v === '' ? null : v.replace(/\s+/g, ' ')))
      .nullable(),
  })
  .strict();
export type NewsroomSettingsBody = z.input<typeof newsroomSettingsBody>;

/** GET /newsroom/settings */
export const newsroomSettings = z.object({
  newsroom_slug: z.string().nullable(),
  /** A free slug proposed from the company name, for a newsroom without one yet. */
  suggested_slug: z.string(),
  newsroom_enabled: z.boolean(),
  boilerplate: z.string().nullable(),
  press_contact_name: z.string().nullable(),
  press_contact_email: z.string().nullable(),
  press_contact_phone: z.string().nullable(),
  /** The newsroom's public address (from PUBLIC_URL), null without a slug. */
  url: z.string().nullable(),
  /** Releases the newsroom shows now (sent, not archived, embargo lifted). */
  public_releases: z.number().int(),
});
export type NewsroomSettings = z.infer<typeof newsroomSettings>;

/** GET /newsroom/slug-availability?slug= */
export const slugAvailabilityQuery = z.object({ slug: z.string({ error: 'slug is required' }).max(200, 'slug must have at most 200 characters') });
export const slugAvailability = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** Why not, in Greek (format or taken); null when available. */
  message: z.string().nullable(),
});
export type SlugAvailability = z.infer<typeof slugAvailability>;

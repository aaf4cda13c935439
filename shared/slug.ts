/**
 * Greek to Latin for URLs (the newsroom's addresses): ELOT 743, simplified as Greek
 * passports and road signs use it, then lower-case words joined by hyphens.
 *
 *  - one letter each: α a, β v, γ g, δ d, ε e, ζ z, η i, θ th, ι i, κ k, λ l, μ m, ν n,
 *    ξ x, ο o, π p, ρ r, σ/ς s, τ t, υ y, φ f, χ ch, ψ ps, ω o;
 *  - αυ, ευ, ηυ: av, ev, iv before a vowel or a voiced consonant, af, ef, if before a
 *    voiceless one (θ κ ξ π σ τ φ χ ψ) or at the end of a word;
 *  - ου ou; γγ ng, γκ gk, γξ nx, γχ nch; μπ b at the start or end of a word, mp inside;
 *  - accents are dropped; a diaeresis breaks a pair (προϋπόθεση proypothesi, Αϊ ai).
 *
 * Shared by the server (it checks and stores slugs) and the settings screen (it proposes
 * one from the company name as the user types).
 */

const LETTERS: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};
const VOICELESS = new Set(['θ', 'κ', 'ξ', 'π', 'σ', 'ς', 'τ', 'φ', 'χ', 'ψ']);
const GAMMA_PAIRS: Record<string, string> = { γ: 'ng', κ: 'gk', ξ: 'nx', χ: 'nch' };
const DIAERESIS = '\u0308';

interface Letter {
  c: string;
  /** Carries a diaeresis (ϊ, ϋ): never the second half of a pair. */
  dia: boolean;
}

const isGreek = (l: Letter | undefined): boolean => l !== undefined && l.c in LETTERS;

/** Greek letters to Latin (ELOT 743, simplified); anything else passes through without its accents. */
export function transliterate(input: string): string {
  const letters: Letter[] = [];
  for (const ch of input.toLowerCase().normalize('NFD')) {
    if (/\p{M}/u.test(ch)) {
      if (ch === DIAERESIS && letters.length) letters[letters.length - 1]!.dia = true;
      continue;
    }
    letters.push({ c: ch, dia: false });
  }
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const { c } = letters[i]!;
    const next = letters[i + 1];
    const pair = next && !next.dia ? next.c : undefined;
    if ((c === 'α' || c === 'ε' || c === 'η') && pair === 'υ') {
      const after = letters[i + 2];
      out += LETTERS[c]! + (!isGreek(after) || VOICELESS.has(after!.c) ? 'f' : 'v');
      i++;
    } else if (c === 'ο' && pair === 'υ') {
      out += 'ou';
      i++;
    } else if (c === 'γ' && pair && pair in GAMMA_PAIRS) {
      out += GAMMA_PAIRS[pair];
      i++;
    } else if (c === 'μ' && pair === 'π') {
      const edge = !isGreek(letters[i - 1]) || !isGreek(letters[i + 2]);
      out += edge ? 'b' : 'mp';
      i++;
    } else {
      out += LETTERS[c] ?? c;
    }
  }
  return out;
}

/**
 * A URL slug of any text: transliterated, lower-case Latin letters and digits in words
 * joined by single hyphens, at most `max` characters (cut at a word boundary when possible).
 * '' when nothing is left.
 */
export function slugify(input: string, max = 60): string {
  const flat = transliterate(input)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const dash = cut.lastIndexOf('-');
  return (dash >= max / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

/** A newsroom's address: /newsroom/<slug>. */
export const NEWSROOM_SLUG = { min: 3, max: 60, pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ } as const;
/** A release's address in its newsroom: /newsroom/<slug>/<release slug>. */
export const RELEASE_SLUG_MAX = 80;

/**
 * Newsroom addresses nobody may claim: the site's own paths and words a visitor would take for
 * the product or its staff (deltio, admin, api, support …). Any address with the product's name
 * as one of its words is reserved too (deltio-official, epishmo-deltio): it would pass for ours.
 */
export const RESERVED_NEWSROOM_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'contact',
  'dashboard',
  'demo',
  'docs',
  'feed',
  'help',
  'helpdesk',
  'info',
  'login',
  'logout',
  'mail',
  'media',
  'news',
  'newsroom',
  'newsrooms',
  'official',
  'postmaster',
  'press',
  'pricing',
  'root',
  'security',
  'settings',
  'signup',
  'sitemap',
  'static',
  'status',
  'superadmin',
  'support',
  'system',
  'team',
  'test',
  'www',
  'grafeio-typou',
  'ypostirixi',
  'diaxeirisi',
  'diachirisi',
  'epikoinonia',
  'timologisi',
]);
/** The product's own names: reserved as any word of an address. */
export const PRODUCT_SLUG_WORDS: readonly string[] = ['deltio', 'deltiogr', 'deltio-gr'];

/** Whether nobody may claim `slug` as a newsroom address. */
export function isReservedNewsroomSlug(slug: string): boolean {
  if (RESERVED_NEWSROOM_SLUGS.has(slug)) return true;
  const words = slug.split('-');
  return PRODUCT_SLUG_WORDS.some((w) =>
    w.includes('-') ? `-${slug}-`.includes(`-${w}-`) : words.includes(w),
  );
}

/** Whether a newsroom slug is well formed (its availability is the server's question). */
export function isNewsroomSlug(slug: string): boolean {
  return (
    slug.length >= NEWSROOM_SLUG.min &&
    slug.length <= NEWSROOM_SLUG.max &&
    NEWSROOM_SLUG.pattern.test(slug)
  );
}

/** A newsroom slug proposed from a company name (always well formed; its availability is the server's question). */
export function suggestNewsroomSlug(name: string): string {
  // The product's names are left out of a proposal ("Deltio Α.Ε." is not offered "deltio-ae").
  const base = slugify(name, NEWSROOM_SLUG.max)
    .split('-')
    .filter((w) => w && !PRODUCT_SLUG_WORDS.includes(w))
    .join('-');
  return base.length >= NEWSROOM_SLUG.min && !RESERVED_NEWSROOM_SLUGS.has(base)
    ? base
    : [base, 'newsroom'].filter(Boolean).join('-');
}

/** The n-th candidate of a unique slug: base, base-2, base-3, … (kept within `max`). */
export function numberedSlug(base: string, n: number, max = RELEASE_SLUG_MAX): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
}

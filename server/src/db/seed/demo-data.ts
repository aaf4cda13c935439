/**
 * The Greek demo data set (development and e2e). All people, outlets and companies are
 * fictional; web addresses use the reserved `.example` domain.
 */
import type {
  Category,
  ORGANISATION_ROLES,
  ReleaseStatus,
  Role,
  TaskPriority,
  TaskStatus,
  UserStatus,
} from '../../../../shared/constants';
import type { PlanCode } from '../../../../shared/plans';
import type { Block } from './text';

type OrganisationRole = (typeof ORGANISATION_ROLES)[number];

export const DEMO_PASSWORD = 'demodemo';

export const DEMO_EMAILS = {
  superadmin: 'superadmin@example.com',
  client: 'client@example.com',
  media: 'media@example.com',
  colleague: 'giorgos.antoniou@example.com',
} as const;

export interface DemoUser {
  email: string;
  name: string;
  role: Role;
  /** The person's approval; a client who signed up a company has their organisation in the same state. */
  status: UserStatus;
  /**
   * Media: the outlet (on the profile). A client who signed up a company: its name; the
   * company's fields below (description, website, default category, plan, newsroom) are the
   * organisation's, not the person's.
   */
  organization?: string;
  description?: string;
  isActive?: boolean;
  onboarded?: boolean;
  defaultCategory?: Category;
  website?: string;
  /** Media only: categories of interest; approved active media are added to these lists. */
  categories?: Category[];
  digest?: 'none' | 'daily' | 'weekly';
  /** Clients: the plan chosen at sign-up (else the default). */
  plan?: PlanCode;
  /** A company's public newsroom, its «Σχετικά με» text and press contact (organisations columns). */
  newsroom?: {
    newsroom_slug: string;
    boilerplate: string;
    press_contact_name: string;
    press_contact_email: string;
    press_contact_phone: string;
  };
  /**
   * A client who joined a company's organisation by invitation (no company of their own):
   * the owner's e-mail, the role and when they joined, in days before now.
   */
  memberOf?: { owner: string; role: Exclude<OrganisationRole, 'owner'>; joinedDaysAgo: number };
  confirmed: boolean;
  /** Sign-up date, in days before now. */
  createdDaysAgo: number;
}

const ALL_CATEGORIES: Category[] = [
  'politics',
  'economy',
  'tech',
  'culture',
  'lifestyle',
  'sports',
];

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: DEMO_EMAILS.superadmin,
    name: 'Διαχειριστής Πλατφόρμας',
    role: 'superadmin',
    status: 'approved',
    organization: 'Deltio',
    onboarded: true,
    confirmed: true,
    createdDaysAgo: 120,
  },
  {
    email: DEMO_EMAILS.client,
    name: 'Μαρία Παπαδοπούλου',
    role: 'client',
    status: 'approved',
    organization: 'Αιγαίο Τεχνολογίες Α.Ε.',
    description:
      'Εταιρεία λογισμικού και υπηρεσιών cloud με έδρα την Αθήνα και γραφεία στο Ηράκλειο.',
    onboarded: true,
    defaultCategory: 'tech',
    website: 'https://aigaio-tech.example',
    newsroom: {
      newsroom_slug: 'aigaio-technologies',
      boilerplate:
        'Η Αιγαίο Τεχνολογίες Α.Ε. ιδρύθηκε το 2012 στην Αθήνα και αναπτύσσει λογισμικό και υπηρεσίες cloud για επιχειρήσεις και φορείς του δημοσίου. Απασχολεί περισσότερους από 180 εργαζομένους σε Αθήνα, Ηράκλειο και Θεσσαλονίκη.',
      press_contact_name: 'Μαρία Παπαδοπούλου',
      press_contact_email: 'client@example.com',
      press_contact_phone: '210 000 0000',
    },
    confirmed: true,
    createdDaysAgo: 95,
  },
  {
    email: DEMO_EMAILS.media,
    name: 'Νίκος Γεωργίου',
    role: 'media',
    status: 'approved',
    organization: 'Καθημερινή Ψηφιακή',
    description: 'Αρχισυντάκτης ειδήσεων, καλύπτει όλη την ύλη της ψηφιακής έκδοσης.',
    categories: ALL_CATEGORIES,
    digest: 'daily',
    confirmed: true,
    createdDaysAgo: 90,
  },
  {
    // Joined the company's organisation by invitation: writes and asks for approval, never sends.
    email: DEMO_EMAILS.colleague,
    name: 'Γιώργος Αντωνίου',
    role: 'client',
    status: 'approved',
    onboarded: true,
    memberOf: { owner: DEMO_EMAILS.client, role: 'editor', joinedDaysAgo: 70 },
    confirmed: true,
    createdDaysAgo: 70,
  },
  // Media contacts (approved and active unless noted).
  {
    email: 'eleni.konstantinou@politiki-epitheorisi.example',
    name: 'Ελένη Κωνσταντίνου',
    role: 'media',
    status: 'approved',
    organization: 'Πολιτική Επιθεώρηση',
    description: 'Πολιτική συντάκτρια, διαπιστευμένη στη Βουλή.',
    categories: ['politics', 'economy'],
    digest: 'daily',
    confirmed: true,
    createdDaysAgo: 84,
  },
  {
    email: 'd.papanikolaou@vouli-simera.example',
    name: 'Δημήτρης Παπανικολάου',
    role: 'media',
    status: 'approved',
    organization: 'Βουλή Σήμερα',
    description: 'Ρεπορτάζ κυβέρνησης και αυτοδιοίκησης.',
    categories: ['politics'],
    confirmed: true,
    createdDaysAgo: 80,
  },
  {
    email: 'k.vlachou@agora-xrima.example',
    name: 'Κατερίνα Βλάχου',
    role: 'media',
    status: 'approved',
    organization: 'Αγορά & Χρήμα',
    description: 'Οικονομική συντάκτρια, επιχειρήσεις και χρηματιστήριο.',
    categories: ['economy'],
    digest: 'weekly',
    confirmed: true,
    createdDaysAgo: 76,
  },
  {
    email: 'a.michailidis@oikonomiko-vima.example',
    name: 'Αντώνης Μιχαηλίδης',
    role: 'media',
    status: 'approved',
    organization: 'Οικονομικό Βήμα Online',
    description: 'Μακροοικονομία, ενέργεια και δημόσια οικονομικά.',
    categories: ['economy', 'politics'],
    confirmed: true,
    createdDaysAgo: 61,
  },
  {
    email: 'sofia.dimitriou@techpulse.example',
    name: 'Σοφία Δημητρίου',
    role: 'media',
    status: 'approved',
    organization: 'TechPulse.gr',
    description: 'Τεχνολογία, startups και τεχνητή νοημοσύνη.',
    categories: ['tech'],
    digest: 'daily',
    confirmed: true,
    createdDaysAgo: 58,
  },
  {
    email: 'p.ioannou@psifiakos-kosmos.example',
    name: 'Πέτρος Ιωάννου',
    role: 'media',
    status: 'approved',
    organization: 'Ψηφιακός Κόσμος',
    description: 'Κυβερνοασφάλεια, τηλεπικοινωνίες και ψηφιακή οικονομία.',
    categories: ['tech', 'economy'],
    confirmed: true,
    createdDaysAgo: 45,
  },
  {
    email: 'anna.mavridou@politistiko-periodiko.example',
    name: 'Άννα Μαυρίδου',
    role: 'media',
    status: 'approved',
    organization: 'Πολιτιστικό Περιοδικό Αθήνα',
    description: 'Εικαστικά, μουσεία και εκδόσεις.',
    categories: ['culture'],
    confirmed: true,
    createdDaysAgo: 40,
  },
  {
    email: 'ch.lampropoulos@theatro-technes.example',
    name: 'Χρήστος Λαμπρόπουλος',
    role: 'media',
    status: 'approved',
    organization: 'Θέατρο & Τέχνες',
    description: 'Παραστατικές τέχνες, φεστιβάλ και τρόπος ζωής.',
    categories: ['culture', 'lifestyle'],
    digest: 'weekly',
    confirmed: true,
    createdDaysAgo: 33,
  },
  {
    email: 'ioanna.stavropoulou@lifestyle-daily.example',
    name: 'Ιωάννα Σταυροπούλου',
    role: 'media',
    status: 'approved',
    organization: 'Lifestyle Daily',
    description: 'Ευεξία, εργασιακή κουλτούρα και ταξίδια.',
    categories: ['lifestyle'],
    confirmed: true,
    createdDaysAgo: 26,
  },
  {
    email: 'v.tsakiris@spor-reportaz.example',
    name: 'Βασίλης Τσακίρης',
    role: 'media',
    status: 'approved',
    organization: 'Σπορ Ρεπορτάζ',
    description: 'Στίβος, δρομικοί αγώνες και ερασιτεχνικός αθλητισμός.',
    categories: ['sports'],
    confirmed: true,
    createdDaysAgo: 19,
  },
  {
    email: 'marina.alexiou@gipedo-fm.example',
    name: 'Μαρίνα Αλεξίου',
    role: 'media',
    status: 'pending',
    organization: 'Γήπεδο FM',
    description: 'Αθλητική εκπομπή και podcast.',
    categories: ['sports', 'lifestyle'],
    confirmed: true,
    createdDaysAgo: 3,
  },
  {
    email: 's.karagiannis@eidiseis-vorra.example',
    name: 'Στέλιος Καραγιάννης',
    role: 'media',
    status: 'pending',
    organization: 'Ειδήσεις Βορρά',
    description: 'Περιφερειακή ειδησεογραφία Θεσσαλονίκης.',
    categories: ['politics', 'tech'],
    confirmed: false,
    createdDaysAgo: 1,
  },
  // Other sign-ups for the superadmin queue.
  {
    email: 'theodoros.nikolaou@ellinika-trofima.example',
    name: 'Θεόδωρος Νικολάου',
    role: 'client',
    status: 'pending',
    organization: 'Ελληνικά Τρόφιμα Ο.Ε.',
    plan: 'starter',
    description: 'Παραγωγή και εξαγωγή τυποποιημένων προϊόντων ελαιολάδου.',
    confirmed: true,
    createdDaysAgo: 2,
  },
  {
    email: 'a.zafeiriou@koinsep-athinon.example',
    name: 'Αικατερίνη Ζαφειρίου',
    role: 'client',
    status: 'pending',
    organization: 'Κοινωνική Σύμπραξη Αθηνών',
    confirmed: true,
    createdDaysAgo: 5,
  },
  {
    email: 'info@grigora-kerdi.example',
    name: 'Γρήγορα Κέρδη',
    role: 'client',
    status: 'rejected',
    organization: 'Γρήγορα Κέρδη Μονοπρόσωπη Ι.Κ.Ε.',
    confirmed: true,
    createdDaysAgo: 12,
  },
];

export interface DemoRelease {
  key: string;
  /** Who wrote it (the organisation owns it either way); the owner unless told. Sent ones went out by the owner. */
  author?: 'client' | 'colleague';
  title: string;
  category: Category | null;
  status: ReleaseStatus;
  createdDaysAgo: number;
  /** sent: days after creation it went out. */
  sentAfterDays?: number;
  /** scheduled: days from now; sent: true when it went out through a schedule. */
  scheduledInDays?: number;
  viaSchedule?: boolean;
  /** Links in the text that recipients click (sent releases). */
  links?: string[];
  /** Share of recipients who opened (sent releases). */
  openRatio?: number;
  coverage?: string[];
  blocks: Block[];
}

const ABOUT: Block[] = [
  { h: 'Σχετικά με την Αιγαίο Τεχνολογίες' },
  'Η Αιγαίο Τεχνολογίες Α.Ε. ιδρύθηκε το 2012 στην Αθήνα και αναπτύσσει λογισμικό και υπηρεσίες cloud για επιχειρήσεις και φορείς του δημοσίου. Απασχολεί περισσότερους από 180 εργαζομένους σε Αθήνα, Ηράκλειο και Θεσσαλονίκη.',
  'Επικοινωνία Τύπου: Μαρία Παπαδοπούλου, client@example.com, 210 000 0000',
];

const SITE = 'https://aigaio-tech.example';

export const DEMO_RELEASES: readonly DemoRelease[] = [
  {
    key: 'nireida',
    title:
      'Η Αιγαίο Τεχνολογίες παρουσιάζει τη «Νηρηίδα», πλατφόρμα τεχνητής νοημοσύνης για τις ελληνικές επιχειρήσεις',
    category: 'tech',
    status: 'sent',
    createdDaysAgo: 58,
    sentAfterDays: 1,
    links: [`${SITE}/nireida`, `${SITE}/nireida/demo`, `${SITE}/press/nireida-photos`],
    openRatio: 0.8,
    coverage: ['https://techpulse.example/2026/nireida-aigaio-ai'],
    blocks: [
      'Αθήνα — Η Αιγαίο Τεχνολογίες Α.Ε. ανακοινώνει τη διάθεση της «Νηρηίδας», μιας πλατφόρμας τεχνητής νοημοσύνης σχεδιασμένης από την αρχή για την ελληνική γλώσσα και τις ανάγκες των μικρομεσαίων επιχειρήσεων.',
      'Η «Νηρηίδα» αυτοματοποιεί τη διαχείριση εγγράφων, την εξυπηρέτηση πελατών και την ανάλυση πωλήσεων, ενώ τα δεδομένα φιλοξενούνται αποκλειστικά σε κέντρα δεδομένων εντός της Ευρωπαϊκής Ένωσης.',
      {
        list: [
          'Κατανόηση ελληνικών εγγράφων και τιμολογίων',
          'Ψηφιακός βοηθός εξυπηρέτησης 24/7',
          'Προβλέψεις πωλήσεων με βάση το ιστορικό',
        ],
      },
      '«Θέλαμε ένα εργαλείο που μιλά τη γλώσσα της ελληνικής αγοράς», δήλωσε η Διευθύνουσα Σύμβουλος της εταιρείας. Η πλατφόρμα διατίθεται με δωρεάν δοκιμαστική περίοδο 30 ημερών.',
      ...ABOUT,
    ],
  },
  {
    key: 'results',
    title: 'Αύξηση 28% στον κύκλο εργασιών της Αιγαίο Τεχνολογίες στο εννεάμηνο',
    category: 'economy',
    status: 'sent',
    createdDaysAgo: 51,
    sentAfterDays: 0,
    links: [`${SITE}/investors/results-9m`, `${SITE}/investors/presentation.pdf`],
    openRatio: 0.75,
    coverage: ['https://agora-xrima.example/epixeiriseis/aigaio-9mino'],
    blocks: [
      'Αθήνα — Η Αιγαίο Τεχνολογίες Α.Ε. ανακοινώνει ενοποιημένο κύκλο εργασιών 41,3 εκατ. ευρώ για το εννεάμηνο, αυξημένο κατά 28% σε σχέση με την αντίστοιχη περίοδο του προηγούμενου έτους.',
      'Τα κέρδη προ φόρων, τόκων και αποσβέσεων (EBITDA) διαμορφώθηκαν στα 8,7 εκατ. ευρώ, ενώ οι επαναλαμβανόμενες συνδρομητικές υπηρεσίες αντιπροσωπεύουν πλέον το 46% των εσόδων.',
      'Η διοίκηση επιβεβαιώνει τους στόχους για το σύνολο της χρήσης και εξετάζει επενδύσεις σε νέες αγορές της Νοτιοανατολικής Ευρώπης.',
      ...ABOUT,
    ],
  },
  {
    key: 'datacenter',
    title: 'Νέο κέντρο δεδομένων στη Θεσσαλονίκη με 100% ανανεώσιμη ενέργεια',
    category: 'tech',
    status: 'sent',
    createdDaysAgo: 44,
    sentAfterDays: 2,
    viaSchedule: true,
    links: [`${SITE}/datacenter-thessaloniki`, `${SITE}/sustainability`],
    openRatio: 0.7,
    blocks: [
      'Θεσσαλονίκη — Η Αιγαίο Τεχνολογίες εγκαινιάζει το νέο της κέντρο δεδομένων στη Σίνδο, επένδυση ύψους 22 εκατ. ευρώ, το οποίο λειτουργεί αποκλειστικά με ενέργεια από ανανεώσιμες πηγές.',
      'Η εγκατάσταση διαθέτει σύστημα ψύξης ελεύθερου αέρα και δείκτη ενεργειακής αποδοτικότητας (PUE) κάτω από 1,25, από τους χαμηλότερους στη χώρα.',
      'Με το νέο κέντρο δημιουργούνται 45 νέες θέσεις εργασίας υψηλής εξειδίκευσης στη Βόρεια Ελλάδα.',
      ...ABOUT,
    ],
  },
  {
    key: 'museum',
    author: 'colleague',
    title: 'Συνεργασία με το Μουσείο Ψηφιακού Πολιτισμού για ψηφιακές ξεναγήσεις σε 12 γλώσσες',
    category: 'culture',
    status: 'sent',
    createdDaysAgo: 37,
    sentAfterDays: 1,
    links: [`${SITE}/culture/museum-tours`],
    openRatio: 0.6,
    coverage: ['https://politistiko-periodiko.example/mouseia/psifiakes-xenagiseis'],
    blocks: [
      'Αθήνα — Η Αιγαίο Τεχνολογίες και το Μουσείο Ψηφιακού Πολιτισμού Αθηνών υπογράφουν συμφωνία για τη δημιουργία ψηφιακών ξεναγήσεων σε δώδεκα γλώσσες, με χρήση επαυξημένης πραγματικότητας.',
      'Οι επισκέπτες θα μπορούν να σκανάρουν τα εκθέματα με το κινητό τους και να ακούν αφηγήσεις από αρχαιολόγους και ιστορικούς τέχνης, ενώ προβλέπεται ειδική έκδοση για άτομα με προβλήματα όρασης.',
      'Η εφαρμογή θα είναι διαθέσιμη δωρεάν από την επόμενη άνοιξη.',
      ...ABOUT,
    ],
  },
  {
    key: 'marathon',
    title: 'Η Αιγαίο Τεχνολογίες μεγάλος χορηγός του Μαραθωνίου Κρήτης',
    category: 'sports',
    status: 'sent',
    createdDaysAgo: 29,
    sentAfterDays: 1,
    links: [`${SITE}/csr/marathon-kritis`, 'https://marathonios-kritis.example/eggrafes'],
    openRatio: 0.5,
    blocks: [
      'Ηράκλειο — Η Αιγαίο Τεχνολογίες στηρίζει για τρίτη συνεχή χρονιά τον Μαραθώνιο Κρήτης ως μεγάλος χορηγός, παρέχοντας και την πλατφόρμα ζωντανής χρονομέτρησης των δρομέων.',
      'Φέτος αναμένεται συμμετοχή άνω των 6.000 δρομέων από 30 χώρες. Για κάθε δρομέα που τερματίζει, η εταιρεία δωρίζει 2 ευρώ σε πρόγραμμα αθλητικών υποτροφιών για παιδιά της Κρήτης.',
      '120 εργαζόμενοι της εταιρείας θα συμμετάσχουν στον αγώνα των 5 χιλιομέτρων.',
      ...ABOUT,
    ],
  },
  {
    key: 'region',
    title:
      'Μνημόνιο συνεργασίας με την Περιφέρεια Νοτίου Αιγαίου για τον ψηφιακό μετασχηματισμό των νησιών',
    category: 'politics',
    status: 'sent',
    createdDaysAgo: 21,
    sentAfterDays: 0,
    links: [`${SITE}/public-sector/notio-aigaio`],
    openRatio: 0.65,
    blocks: [
      'Ρόδος — Η Περιφέρεια Νοτίου Αιγαίου και η Αιγαίο Τεχνολογίες υπέγραψαν μνημόνιο συνεργασίας για την ψηφιοποίηση των υπηρεσιών προς τους πολίτες σε 48 νησιά.',
      'Το πρόγραμμα περιλαμβάνει ενιαία πύλη ηλεκτρονικών αιτήσεων, τηλεϊατρική για απομακρυσμένες περιοχές και εκπαίδευση 400 υπαλλήλων σε ψηφιακές δεξιότητες.',
      'Η υλοποίηση ξεκινά άμεσα με πιλοτική εφαρμογή στη Νάξο και την Κάρπαθο.',
      ...ABOUT,
    ],
  },
  {
    key: 'academy',
    title: 'Ακαδημία Ψηφιακών Δεξιοτήτων: 200 δωρεάν θέσεις εκπαίδευσης για νέους ανέργους',
    category: 'economy',
    status: 'sent',
    createdDaysAgo: 13,
    sentAfterDays: 1,
    viaSchedule: true,
    links: [`${SITE}/academy`, `${SITE}/academy/apply`],
    openRatio: 0.55,
    blocks: [
      'Αθήνα — Η Αιγαίο Τεχνολογίες ανακοινώνει τον δεύτερο κύκλο της Ακαδημίας Ψηφιακών Δεξιοτήτων, με 200 δωρεάν θέσεις για νέους από 18 έως 29 ετών που αναζητούν εργασία.',
      'Το τετράμηνο πρόγραμμα καλύπτει ανάπτυξη λογισμικού, ανάλυση δεδομένων και υπηρεσίες cloud, με πρακτική άσκηση σε συνεργαζόμενες επιχειρήσεις.',
      'Οι αιτήσεις υποβάλλονται ηλεκτρονικά έως το τέλος του μήνα.',
      ...ABOUT,
    ],
  },
  {
    key: 'wellbeing',
    title: 'Τετραήμερη εργασία και πρόγραμμα ευεξίας για όλους τους εργαζομένους',
    category: 'lifestyle',
    status: 'scheduled',
    createdDaysAgo: 6,
    scheduledInDays: 2,
    blocks: [
      'Αθήνα — Μετά από εξάμηνη πιλοτική εφαρμογή, η Αιγαίο Τεχνολογίες καθιερώνει την τετραήμερη εβδομάδα εργασίας χωρίς μείωση αποδοχών για το σύνολο του προσωπικού.',
      'Παράλληλα ξεκινά πρόγραμμα ευεξίας με συνεδρίες ψυχολογικής υποστήριξης, μαθήματα γιόγκα και επιδότηση αθλητικών δραστηριοτήτων.',
      'Σύμφωνα με την εσωτερική έρευνα, η ικανοποίηση των εργαζομένων αυξήθηκε κατά 31% κατά την πιλοτική περίοδο.',
      ...ABOUT,
    ],
  },
  {
    key: 'webinar',
    title: 'Διαδικτυακό σεμινάριο: Κυβερνοασφάλεια για μικρομεσαίες επιχειρήσεις',
    category: 'tech',
    status: 'scheduled',
    createdDaysAgo: 4,
    scheduledInDays: 5,
    blocks: [
      'Αθήνα — Η Αιγαίο Τεχνολογίες διοργανώνει δωρεάν διαδικτυακό σεμινάριο για την προστασία των μικρομεσαίων επιχειρήσεων από επιθέσεις ransomware και ηλεκτρονικό ψάρεμα (phishing).',
      {
        list: [
          'Οι πιο συχνές απειλές σήμερα',
          'Πρακτικός οδηγός αντιγράφων ασφαλείας',
          'Η οδηγία NIS2 και τι σημαίνει για εσάς',
        ],
      },
      'Η συμμετοχή είναι δωρεάν με προεγγραφή.',
      ...ABOUT,
    ],
  },
  {
    key: 'bond',
    title: 'Έκδοση πράσινου ομολόγου ύψους 15 εκατ. ευρώ',
    category: 'economy',
    status: 'scheduled',
    createdDaysAgo: 2,
    scheduledInDays: 9,
    blocks: [
      'Αθήνα — Το Διοικητικό Συμβούλιο της Αιγαίο Τεχνολογίες ενέκρινε την έκδοση πράσινου εταιρικού ομολόγου ύψους έως 15 εκατ. ευρώ, με διάρκεια πέντε ετών.',
      'Τα κεφάλαια θα διατεθούν αποκλειστικά σε έργα ενεργειακής αναβάθμισης των εγκαταστάσεων και στην επέκταση του κέντρου δεδομένων της Θεσσαλονίκης.',
      ...ABOUT,
    ],
  },
  {
    key: 'energy-app',
    title: 'Νέα εφαρμογή για την έξυπνη διαχείριση ενέργειας στα νησιά',
    category: 'tech',
    status: 'draft',
    createdDaysAgo: 3,
    blocks: [
      'Αθήνα — Η Αιγαίο Τεχνολογίες παρουσιάζει μια εφαρμογή που βοηθά τους δήμους των νησιών να προβλέπουν τη ζήτηση ρεύματος κατά την τουριστική περίοδο.',
      '[Προσθήκη δήλωσης του Τεχνικού Διευθυντή]',
    ],
  },
  {
    key: 'scholarships',
    author: 'colleague',
    title: 'Υποτροφίες ψηφιακής τέχνης για νέους δημιουργούς',
    category: 'culture',
    status: 'draft',
    createdDaysAgo: 1,
    blocks: [
      'Η Αιγαίο Τεχνολογίες θεσπίζει πέντε υποτροφίες ύψους 5.000 ευρώ για νέους καλλιτέχνες που δημιουργούν με ψηφιακά μέσα.',
    ],
  },
  {
    key: 'expo',
    title: 'Συμμετοχή στην έκθεση καινοτομίας Beyond στη Θεσσαλονίκη',
    category: null,
    status: 'draft',
    createdDaysAgo: 1,
    blocks: ['Σημειώσεις: περίπτερο 13, παρουσίαση της «Νηρηίδας», ραντεβού με επενδυτές.'],
  },
];

export interface DemoTask {
  title: string;
  description?: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** 'client' | 'colleague' | undefined (unassigned) */
  assignee?: 'client' | 'colleague';
  createdBy: 'client' | 'colleague';
  dueInDays?: number;
  releaseKey?: string;
  createdDaysAgo: number;
}

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    title: 'Συλλογή φωτογραφιών από τα εγκαίνια του κέντρου δεδομένων',
    description: 'Επιλογή 10 φωτογραφιών υψηλής ανάλυσης για το δελτίο και τα social media.',
    status: 'done',
    priority: 'normal',
    assignee: 'colleague',
    createdBy: 'client',
    dueInDays: -40,
    releaseKey: 'datacenter',
    createdDaysAgo: 46,
  },
  {
    title: 'Έγκριση κειμένου για το πράσινο ομόλογο από το νομικό τμήμα',
    description: 'Απαιτείται υπογραφή πριν από την προγραμματισμένη αποστολή.',
    status: 'in_progress',
    priority: 'urgent',
    assignee: 'client',
    createdBy: 'client',
    dueInDays: 3,
    releaseKey: 'bond',
    createdDaysAgo: 2,
  },
  {
    title: 'Δήλωση Τεχνικού Διευθυντή για την εφαρμογή ενέργειας',
    status: 'blocked',
    priority: 'high',
    assignee: 'colleague',
    createdBy: 'client',
    dueInDays: 4,
    releaseKey: 'energy-app',
    createdDaysAgo: 3,
  },
  {
    title: 'Ενημέρωση λίστας δημοσιογράφων τεχνολογίας',
    description: 'Να ζητηθεί από τον διαχειριστή η προσθήκη νέων επαφών στη λίστα Τεχνολογία.',
    status: 'open',
    priority: 'normal',
    createdBy: 'colleague',
    dueInDays: 10,
    createdDaysAgo: 8,
  },
  {
    title: 'Προετοιμασία παρουσίασης για την έκθεση Beyond',
    status: 'open',
    priority: 'high',
    assignee: 'client',
    createdBy: 'colleague',
    dueInDays: 14,
    releaseKey: 'expo',
    createdDaysAgo: 1,
  },
  {
    title: 'Μηνιαία αναφορά αποτελεσμάτων επικοινωνίας',
    description: 'Εξαγωγή αναφορών ανοιγμάτων και κλικ για τη διοίκηση.',
    status: 'open',
    priority: 'low',
    createdBy: 'client',
    createdDaysAgo: 5,
  },
  {
    title: 'Συντονισμός με τη διοργάνωση του Μαραθωνίου Κρήτης',
    status: 'done',
    priority: 'normal',
    assignee: 'client',
    createdBy: 'client',
    dueInDays: -30,
    createdDaysAgo: 35,
  },
  {
    title: 'Μετάφραση δελτίου για την Ακαδημία στα αγγλικά',
    status: 'in_progress',
    priority: 'low',
    assignee: 'colleague',
    createdBy: 'colleague',
    dueInDays: 7,
    createdDaysAgo: 10,
  },
];

export interface DemoIncident {
  title: string;
  impact: 'none' | 'minor' | 'major' | 'critical';
  startedDaysAgo: number;
  durationMinutes: number;
  updates: { afterMinutes: number; message: string }[];
}

export const DEMO_INCIDENTS: readonly DemoIncident[] = [
  {
    title: 'Καθυστερήσεις στην αποστολή email',
    impact: 'minor',
    startedDaysAgo: 41,
    durationMinutes: 95,
    updates: [
      {
        afterMinutes: 0,
        message: 'Διερευνούμε καθυστερήσεις στην παράδοση των email προς ορισμένους παρόχους.',
      },
      {
        afterMinutes: 30,
        message:
          'Εντοπίστηκε περιορισμός ρυθμού από τον πάροχο αποστολής. Η ουρά αδειάζει σταδιακά.',
      },
      {
        afterMinutes: 95,
        message: 'Όλα τα email σε αναμονή παραδόθηκαν. Το περιστατικό επιλύθηκε.',
      },
    ],
  },
  {
    title: 'Προσωρινή μη διαθεσιμότητα του API',
    impact: 'major',
    startedDaysAgo: 12,
    durationMinutes: 47,
    updates: [
      {
        afterMinutes: 0,
        message: 'Το API επιστρέφει σφάλματα σε μέρος των αιτημάτων. Διερευνούμε.',
      },
      {
        afterMinutes: 18,
        message: 'Η αιτία εντοπίστηκε σε αναβάθμιση της βάσης δεδομένων. Γίνεται επαναφορά.',
      },
      {
        afterMinutes: 35,
        message: 'Η υπηρεσία λειτουργεί ξανά κανονικά. Παρακολουθούμε την κατάσταση.',
      },
      { afterMinutes: 47, message: 'Το περιστατικό επιλύθηκε.' },
    ],
  },
  {
    // Older than the 90-day window: must not appear on the status page.
    title: 'Προγραμματισμένη συντήρηση βάσης δεδομένων',
    impact: 'none',
    startedDaysAgo: 130,
    durationMinutes: 30,
    updates: [
      { afterMinutes: 0, message: 'Ξεκίνησε η προγραμματισμένη συντήρηση.' },
      { afterMinutes: 30, message: 'Η συντήρηση ολοκληρώθηκε.' },
    ],
  },
];

export const DEMO_LEADS = [
  {
    full_name: 'Ευάγγελος Ραφτόπουλος',
    email: 'e.raftopoulos@nautilia-group.example',
    company: 'Nautilia Group',
    message: 'Ενδιαφερόμαστε για το πλάνο Enterprise για 3 θυγατρικές εταιρείες.',
    source: 'pricing' as const,
    daysAgo: 9,
  },
  {
    full_name: 'Δέσποινα Κυριακίδου',
    email: 'despoina@kyriakidou-pr.example',
    company: null,
    message: 'Υπάρχει δυνατότητα τιμολόγησης για γραφεία δημοσίων σχέσεων με πολλούς πελάτες;',
    source: 'contact' as const,
    daysAgo: 4,
  },
];

export const DEMO_DEMO_REQUESTS = [
  {
    full_name: 'Παναγιώτης Σαββίδης',
    email: 'p.savvidis@thessaloniki-ports.example',
    company: 'Λιμενικές Υπηρεσίες Θεσσαλονίκης',
    role: 'client' as const,
    inDays: 3,
    preferred_time: 'morning' as const,
    notes: 'Θα συμμετάσχει και η υπεύθυνη επικοινωνίας.',
    status: 'new' as const,
    daysAgo: 1,
  },
  {
    full_name: 'Ρένα Χατζή',
    email: 'rena@radio-aigaio.example',
    company: 'Ράδιο Αιγαίο',
    role: 'media' as const,
    inDays: null,
    preferred_time: null,
    notes: null,
    status: 'contacted' as const,
    daysAgo: 6,
  },
];

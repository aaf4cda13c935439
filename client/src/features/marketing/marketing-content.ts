/**
 * Content of every marketing page (one template, marketing-page.tsx, renders them all).
 * Plain data so the pages stay consistent: a lead, a meta description, sections of
 * paragraphs and bullet points, optional highlight cards and an optional API reference.
 */
export interface MarketingSection {
  title: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: string;
  text: string;
}

export interface MarketingContent {
  lead: string;
  description: string;
  highlights?: { title: string; text: string }[];
  sections: MarketingSection[];
  /** Groups of endpoints (the API page only). */
  api?: { title: string; intro: string; endpoints: Endpoint[] }[];
  /** Related pages shown at the bottom. */
  related?: string[];
}

const FEATURE_RELATED = [
  '/features/ai-writing',
  '/features/targeting',
  '/features/analytics',
  '/features/segments',
];
const INDUSTRY_RELATED = [
  '/industries/tech',
  '/industries/finance',
  '/industries/culture',
  '/industries/lifestyle',
  '/industries/sports',
];
const RESOURCE_RELATED = [
  '/resources/guides',
  '/resources/case-studies',
  '/resources/best-practices',
  '/resources/api',
];

export const MARKETING: Record<string, MarketingContent> = {
  '/features': {
    lead: 'Όλα τα εργαλεία για δελτία τύπου σε ένα μέρος: συγγραφή με AI, στοχευμένη αποστολή, τμηματοποίηση media και αναφορές αποτελεσμάτων.',
    description:
      'Οι δυνατότητες του Deltio: συγγραφή δελτίων τύπου με AI, στοχευμένη αποστολή στα ελληνικά media, τμηματοποίηση και αναφορές με KPIs.',
    highlights: [
      {
        title: 'Συγγραφή με AI',
        text: 'Προτάσεις τίτλων, περίληψη και βελτίωση ύφους, στα ελληνικά.',
      },
      {
        title: 'Στοχευμένη αποστολή',
        text: 'Κάθε δελτίο φτάνει μόνο σε όσους καλύπτουν την κατηγορία του.',
      },
      {
        title: 'Αναφορές και KPIs',
        text: 'Ανοίγματα, κλικ και αναφορές ανά δελτίο και ανά κατηγορία.',
      },
      {
        title: 'Συνεργασία σε πραγματικό χρόνο',
        text: 'Η ομάδα σας γράφει μαζί στο ίδιο δελτίο, με εργασίες και σχόλια.',
      },
    ],
    sections: [
      {
        title: 'Από την ιδέα στη δημοσίευση, σε ένα εργαλείο',
        paragraphs: [
          'Το Deltio καλύπτει όλη τη διαδρομή ενός δελτίου τύπου: το γράφετε με τη βοήθεια του AI, επιλέγετε κατηγορία και παραλήπτες, το στέλνετε αμέσως ή προγραμματισμένα και παρακολουθείτε τα αποτελέσματα.',
          'Δεν χρειάζεστε πια ξεχωριστό πρόγραμμα email, λογιστικά φύλλα με επαφές και χειροκίνητες αναφορές.',
        ],
      },
      {
        title: 'Φτιαγμένο για την ελληνική αγορά',
        bullets: [
          'Ελληνικό περιβάλλον και βοηθός AI που γράφει σωστά ελληνικά.',
          'Κατηγορίες media όπως τις χρησιμοποιούν οι ελληνικές αίθουσες σύνταξης: πολιτική, οικονομία, τεχνολογία, πολιτισμός, lifestyle, αθλητισμός.',
          'Δεδομένα που φυλάσσονται εντός ΕΕ, σύμφωνα με τον GDPR.',
        ],
      },
    ],
    related: FEATURE_RELATED,
  },
  '/features/ai-writing': {
    lead: 'Γράψτε πιο γρήγορα με τον βοηθό AI: προτάσεις τίτλων, περίληψη και βελτιωμένο κείμενο για το δελτίο σας.',
    description:
      'Συγγραφή δελτίων τύπου με AI στα ελληνικά: προτάσεις τίτλων, περίληψη, βελτίωση ύφους και διόρθωση κειμένου στο Deltio.',
    highlights: [
      {
        title: 'Προτάσεις τίτλων',
        text: 'Τρεις εναλλακτικοί τίτλοι με ένα κλικ, σύντομοι και ελκυστικοί.',
      },
      {
        title: 'Περίληψη',
        text: 'Μια πρόταση-περίληψη για το πρώτο μέρος του email προς τους δημοσιογράφους.',
      },
      { title: 'Βελτίωση κειμένου', text: 'Πιο καθαρό, δημοσιογραφικό ύφος χωρίς επαναλήψεις.' },
    ],
    sections: [
      {
        title: 'Πώς λειτουργεί',
        paragraphs: [
          'Μέσα στον επεξεργαστή του δελτίου ανοίγετε τον βοηθό και επιλέγετε τι θέλετε: τίτλους, περίληψη ή βελτίωση. Οι προτάσεις εμφανίζονται δίπλα στο κείμενο και εσείς αποφασίζετε τι θα κρατήσετε.',
          'Ο βοηθός δεν αλλάζει ποτέ το δελτίο χωρίς τη δική σας επιβεβαίωση, ούτε προσθέτει στοιχεία που δεν υπάρχουν στο κείμενό σας.',
        ],
      },
      {
        title: 'Γράψτε μαζί με την ομάδα σας',
        bullets: [
          'Συνεργατική επεξεργασία σε πραγματικό χρόνο: βλέπετε ποιος γράφει και πού.',
          'Αυτόματη αποθήκευση κάθε αλλαγής.',
          'Εργασίες και αναθέσεις για έλεγχο και έγκριση πριν από την αποστολή.',
        ],
      },
    ],
    related: FEATURE_RELATED,
  },
  '/features/targeting': {
    lead: 'Στείλτε κάθε δελτίο τύπου μόνο στα media που καλύπτουν την κατηγορία του.',
    description:
      'Στοχευμένη αποστολή δελτίων τύπου στα ελληνικά media ανά κατηγορία, με άμεση ή προγραμματισμένη αποστολή.',
    sections: [
      {
        title: 'Σωστός παραλήπτης, κάθε φορά',
        paragraphs: [
          'Κάθε δελτίο έχει μια κατηγορία. Κατά την αποστολή, το Deltio το παραδίδει στους δημοσιογράφους και τα portals που παρακολουθούν αυτή την κατηγορία, μαζί με τις λίστες media που έχετε επιλέξει.',
          'Οι δημοσιογράφοι λαμβάνουν μόνο ό,τι τους αφορά, άρα ανοίγουν περισσότερα από όσα τους στέλνετε.',
        ],
      },
      {
        title: 'Άμεσα ή προγραμματισμένα',
        bullets: [
          'Αποστολή τώρα ή σε ημερομηνία και ώρα της επιλογής σας.',
          'Ακύρωση ή αλλαγή του προγραμματισμού μέχρι την τελευταία στιγμή.',
          'Ειδοποιήσεις σε πραγματικό χρόνο στους δημοσιογράφους που χρησιμοποιούν την πλατφόρμα.',
        ],
      },
    ],
    related: FEATURE_RELATED,
  },
  '/features/analytics': {
    lead: 'Δείτε ανοίγματα, κλικ και αναφορές για κάθε δελτίο, με διαγράμματα και KPIs ανά κατηγορία.',
    description:
      'Αναφορές και KPIs για δελτία τύπου: ανοίγματα, κλικ, απήχηση ανά κατηγορία και εξαγωγή δεδομένων στο Deltio.',
    highlights: [
      { title: 'Ποσοστό ανοίγματος', text: 'Πόσοι παραλήπτες άνοιξαν κάθε δελτίο.' },
      { title: 'CTR', text: 'Ποιοι σύνδεσμοι του δελτίου προσέλκυσαν κλικ.' },
      { title: 'Τάσεις', text: 'Εβδομαδιαία διαγράμματα για να συγκρίνετε αποστολές.' },
    ],
    sections: [
      {
        title: 'Μετρήστε ό,τι έχει σημασία',
        paragraphs: [
          'Κάθε αποστολή έχει τη δική της αναφορά: παραδόσεις, ανοίγματα, κλικ και χρόνος. Οι συγκεντρωτικές αναφορές δείχνουν την απόδοση ανά κατηγορία και ανά περίοδο.',
        ],
        bullets: [
          'Φίλτρα ημερομηνιών και κατηγορίας.',
          'Εξαγωγή σε CSV για τις δικές σας παρουσιάσεις.',
          'Σύγκριση δελτίων μεταξύ τους.',
        ],
      },
    ],
    related: FEATURE_RELATED,
  },
  '/features/segments': {
    lead: 'Οργανώστε τα media σε λίστες ανά κατηγορία και κρατήστε τις επαφές σας πάντα ενημερωμένες.',
    description:
      'Τμηματοποίηση media: λίστες δημοσιογράφων και portals ανά κατηγορία, πάντα ενημερωμένες, στο Deltio.',
    sections: [
      {
        title: 'Λίστες που συντηρούνται μόνες τους',
        paragraphs: [
          'Οι δημοσιογράφοι δηλώνουν οι ίδιοι τις κατηγορίες που καλύπτουν και ενημερώνουν το προφίλ τους. Οι λίστες ανά κατηγορία ελέγχονται από την ομάδα μας, ώστε να μη στέλνετε σε ανενεργές διευθύνσεις.',
        ],
        bullets: [
          'Έξι βασικές κατηγορίες: πολιτική, οικονομία, τεχνολογία, πολιτισμός, lifestyle, αθλητισμός.',
          'Μαζική εισαγωγή και εξαγωγή επαφών.',
          'Σεβασμός των επιλογών ειδοποιήσεων κάθε δημοσιογράφου.',
        ],
      },
    ],
    related: FEATURE_RELATED,
  },
  '/industries/tech': {
    lead: 'Ανακοινώστε προϊόντα, χρηματοδοτήσεις και συνεργασίες στα ελληνικά media τεχνολογίας.',
    description:
      'Δελτία τύπου για εταιρείες τεχνολογίας και startups: ανακοινώσεις προϊόντων και χρηματοδοτήσεων στα ελληνικά tech media.',
    sections: [
      {
        title: 'Για startups και εταιρείες λογισμικού',
        paragraphs: [
          'Ένας γύρος χρηματοδότησης ή ένα νέο προϊόν χρειάζεται να φτάσει την ίδια ώρα σε όλα τα media τεχνολογίας. Με το Deltio στέλνετε το δελτίο στην κατηγορία «Τεχνολογία» με ένα κλικ και μετράτε την απήχηση.',
        ],
        bullets: [
          'Προγραμματισμένη αποστολή για ανακοινώσεις με embargo.',
          'Ο βοηθός AI απλοποιεί την τεχνική ορολογία.',
          'Αναφορές για τις ομάδες marketing και τους επενδυτές σας.',
        ],
      },
    ],
    related: INDUSTRY_RELATED,
  },
  '/industries/finance': {
    lead: 'Αποτελέσματα, εταιρικές ανακοινώσεις και νέα της αγοράς, στους δημοσιογράφους οικονομίας.',
    description:
      'Δελτία τύπου για τράπεζες, ασφαλιστικές και εισηγμένες: οικονομικά αποτελέσματα και ανακοινώσεις στα οικονομικά media.',
    sections: [
      {
        title: 'Ακρίβεια και συνέπεια',
        paragraphs: [
          'Οι ανακοινώσεις αποτελεσμάτων έχουν αυστηρό χρόνο. Προγραμματίστε την αποστολή στο λεπτό και στείλτε τη μόνο στους δημοσιογράφους οικονομίας.',
        ],
        bullets: [
          'Αρχείο ενεργειών για κάθε αποστολή.',
          'Πολλοί χρήστες με έλεγχο πριν από τη δημοσίευση.',
          'Σύμβαση επεξεργασίας δεδομένων στο πλάνο Enterprise.',
        ],
      },
    ],
    related: INDUSTRY_RELATED,
  },
  '/industries/culture': {
    lead: 'Παραστάσεις, εκθέσεις και εκδόσεις, στα media που καλύπτουν τον πολιτισμό.',
    description:
      'Δελτία τύπου για θέατρα, μουσεία, φεστιβάλ και εκδοτικούς οίκους, στα ελληνικά πολιτιστικά media.',
    sections: [
      {
        title: 'Γεμίστε την αίθουσα',
        paragraphs: [
          'Πρεμιέρες, εγκαίνια και νέες εκδόσεις φτάνουν στους δημοσιογράφους πολιτισμού έγκαιρα, με φωτογραφίες και συνδέσμους για διαπιστεύσεις.',
        ],
        bullets: [
          'Προγραμματισμός μιας σειράς δελτίων για όλη τη σεζόν.',
          'Μέτρηση του ενδιαφέροντος ανά παράσταση ή έκθεση.',
        ],
      },
    ],
    related: INDUSTRY_RELATED,
  },
  '/industries/lifestyle': {
    lead: 'Νέες συλλογές, εκδηλώσεις και συνεργασίες, στα lifestyle media και blogs.',
    description:
      'Δελτία τύπου για μόδα, ομορφιά, γαστρονομία και ταξίδια, στα ελληνικά lifestyle media.',
    sections: [
      {
        title: 'Για brands που θέλουν να ακουστούν',
        paragraphs: [
          'Από ένα νέο εστιατόριο μέχρι μια συλλογή μόδας, τα lifestyle media θέλουν σύντομα, εικονογραφημένα δελτία. Ο βοηθός AI σάς βοηθά να πείτε την ιστορία σας με λίγες λέξεις.',
        ],
        bullets: ['Λίστες lifestyle media και blogs.', 'Αναφορές για κάθε καμπάνια.'],
      },
    ],
    related: INDUSTRY_RELATED,
  },
  '/industries/sports': {
    lead: 'Μεταγραφές, αγώνες και χορηγίες, στα αθλητικά media της χώρας.',
    description:
      'Δελτία τύπου για αθλητικά σωματεία, ομοσπονδίες και χορηγούς, στα ελληνικά αθλητικά media.',
    sections: [
      {
        title: 'Στην ταχύτητα της επικαιρότητας',
        paragraphs: [
          'Μια μεταγραφή ή ένα αποτέλεσμα είναι είδηση για λίγα λεπτά. Στείλτε το δελτίο αμέσως στην κατηγορία «Αθλητισμός» και οι δημοσιογράφοι που χρησιμοποιούν την πλατφόρμα ειδοποιούνται στη στιγμή.',
        ],
        bullets: [
          'Άμεση αποστολή από κινητό.',
          'Πρότυπα για αποτελέσματα αγώνων και ανακοινώσεις.',
        ],
      },
    ],
    related: INDUSTRY_RELATED,
  },
  '/resources': {
    lead: 'Οδηγοί, μελέτες περίπτωσης και καλές πρακτικές για πιο αποτελεσματικά δελτία τύπου.',
    description:
      'Πόροι του Deltio: οδηγοί σύνταξης δελτίων τύπου, μελέτες περίπτωσης, καλές πρακτικές και τεκμηρίωση API.',
    highlights: [
      { title: 'Οδηγοί', text: 'Βήμα προς βήμα, από τον τίτλο μέχρι την αποστολή.' },
      { title: 'Μελέτες περίπτωσης', text: 'Πραγματικά αποτελέσματα οργανισμών.' },
      { title: 'Καλές πρακτικές', text: 'Ό,τι δουλεύει στις ελληνικές αίθουσες σύνταξης.' },
      { title: 'API', text: 'Συνδέστε τα δικά σας συστήματα.' },
    ],
    sections: [
      {
        title: 'Μάθετε από την εμπειρία',
        paragraphs: [
          'Συγκεντρώσαμε όσα μάθαμε από χιλιάδες αποστολές για να γράφετε δελτία που διαβάζονται και δημοσιεύονται.',
        ],
      },
    ],
    related: RESOURCE_RELATED,
  },
  '/resources/guides': {
    lead: 'Βήμα προς βήμα οδηγοί για τη σύνταξη και την αποστολή δελτίων τύπου.',
    description:
      'Οδηγοί σύνταξης δελτίου τύπου: δομή, τίτλος, πρώτη παράγραφος, αποστολή και παρακολούθηση αποτελεσμάτων.',
    sections: [
      {
        title: 'Η δομή ενός καλού δελτίου τύπου',
        bullets: [
          'Τίτλος έως 10-12 λέξεις που λέει την είδηση.',
          'Πρώτη παράγραφος με τα «ποιος, τι, πότε, πού, γιατί».',
          'Μια δήλωση στελέχους σε εισαγωγικά.',
          'Στοιχεία επικοινωνίας και σύντομο προφίλ της εταιρείας στο τέλος.',
        ],
      },
      {
        title: 'Από το Deltio, σε πέντε βήματα',
        bullets: [
          'Δημιουργήστε νέο δελτίο και επιλέξτε κατηγορία.',
          'Γράψτε ή επικολλήστε το κείμενο και ζητήστε προτάσεις τίτλου από τον βοηθό AI.',
          'Αναθέστε έλεγχο σε συνάδελφο μέσω εργασίας.',
          'Στείλτε τώρα ή προγραμματίστε την αποστολή.',
          'Παρακολουθήστε ανοίγματα και κλικ στις αναφορές.',
        ],
      },
    ],
    related: RESOURCE_RELATED,
  },
  '/resources/case-studies': {
    lead: 'Πώς οργανισμοί σαν τον δικό σας πέτυχαν μεγαλύτερη δημοσιότητα με το Deltio.',
    description:
      'Μελέτες περίπτωσης: πώς εταιρείες τεχνολογίας, πολιτιστικοί φορείς και brands αύξησαν τη δημοσιότητά τους με το Deltio.',
    sections: [
      {
        title: 'Εταιρεία λογισμικού: διπλάσια ανοίγματα',
        paragraphs: [
          'Μια αθηναϊκή εταιρεία λογισμικού έστελνε τα δελτία της σε μια γενική λίστα 800 διευθύνσεων. Στοχεύοντας μόνο την κατηγορία «Τεχνολογία», το ποσοστό ανοίγματος σχεδόν διπλασιάστηκε μέσα σε τρεις μήνες.',
        ],
      },
      {
        title: 'Θέατρο: μία σεζόν, έντεκα δελτία',
        paragraphs: [
          'Ένα θέατρο του Πειραιά προγραμμάτισε από τον Σεπτέμβριο όλα τα δελτία της σεζόν. Η ομάδα επικοινωνίας κέρδισε χρόνο και κάθε πρεμιέρα καλύφθηκε από περισσότερα μέσα.',
        ],
      },
    ],
    related: RESOURCE_RELATED,
  },
  '/resources/best-practices': {
    lead: 'Συμβουλές για τίτλους, δομή, χρονισμό και στόχευση που κάνουν τη διαφορά.',
    description:
      'Καλές πρακτικές για δελτία τύπου: τίτλοι, χρονισμός αποστολής, στόχευση media και μέτρηση αποτελεσμάτων.',
    sections: [
      {
        title: 'Χρονισμός',
        bullets: [
          'Οι αίθουσες σύνταξης διαβάζουν email κυρίως 9:00-11:00: προγραμματίστε τότε τις αποστολές σας.',
          'Αποφύγετε Παρασκευή απόγευμα και παραμονές αργιών.',
        ],
      },
      {
        title: 'Στόχευση',
        bullets: [
          'Μία κατηγορία ανά δελτίο: αν ταιριάζουν δύο, γράψτε δύο εκδοχές.',
          'Προτιμήστε λιγότερους, σωστούς παραλήπτες από πολλούς αδιάφορους.',
        ],
      },
      {
        title: 'Κείμενο',
        bullets: [
          'Η είδηση στην πρώτη πρόταση.',
          'Αριθμοί και συγκεκριμένα στοιχεία αντί για υπερθετικά.',
          'Έως 400-500 λέξεις.',
        ],
      },
    ],
    related: RESOURCE_RELATED,
  },
  '/resources/api': {
    lead: 'Συνδέστε τα δικά σας συστήματα με την πλατφόρμα μέσω του API.',
    description:
      'Τεκμηρίωση του API του Deltio: αυθεντικοποίηση στο /auth/v1, κλήσεις REST στο /api, μορφή σφαλμάτων και ζωντανά γεγονότα.',
    sections: [
      {
        title: 'Βασικές αρχές',
        bullets: [
          'Όλες οι κλήσεις δέχονται και επιστρέφουν JSON (Content-Type: application/json).',
          'Η αυθεντικοποίηση γίνεται στο /auth/v1 και οι κλήσεις δεδομένων στο /api, με την κεφαλίδα Authorization: Bearer <access_token>.',
          'Το access token έχει σύντομη διάρκεια (προεπιλογή 15 λεπτά)· ανανεώνεται με το refresh token, που αλλάζει σε κάθε ανανέωση.',
          'Κάθε σφάλμα έχει την ίδια μορφή: { "error": { "code", "message", "fields"? } }. Τα λάθη εισόδου επιστρέφουν 400 με το πεδίο που φταίει στο fields.',
          'Ζωντανά γεγονότα (π.χ. status:changed, notification:new) μέσω Socket.IO στη διαδρομή /socket.io, με το access token στο handshake.',
        ],
      },
    ],
    api: [
      {
        title: 'Αυθεντικοποίηση (/auth/v1)',
        intro: 'Εγγραφή, σύνδεση με email και κωδικό, ανανέωση και τερματισμός συνεδρίας.',
        endpoints: [
          {
            method: 'POST',
            path: '/auth/v1/signup',
            access: 'Δημόσιο',
            text: 'Εγγραφή: email, password, data { role (client | media), name, organization }.',
          },
          {
            method: 'POST',
            path: '/auth/v1/token?grant_type=password',
            access: 'Δημόσιο',
            text: 'Σύνδεση με email και password· επιστρέφει access_token, refresh_token, expires_in, expires_at, user.',
          },
          {
            method: 'POST',
            path: '/auth/v1/token?grant_type=refresh_token',
            access: 'Δημόσιο',
            text: 'Ανανέωση συνεδρίας με refresh_token.',
          },
          {
            method: 'POST',
            path: '/auth/v1/logout',
            access: 'Συνδεδεμένος',
            text: 'Αποσύνδεση με scope global, local ή others.',
          },
          {
            method: 'GET',
            path: '/auth/v1/user',
            access: 'Συνδεδεμένος',
            text: 'Ο τρέχων χρήστης.',
          },
          {
            method: 'PUT',
            path: '/auth/v1/user',
            access: 'Συνδεδεμένος',
            text: 'Αλλαγή στοιχείων του χρήστη (π.χ. κωδικού).',
          },
          {
            method: 'POST',
            path: '/auth/v1/recover',
            access: 'Δημόσιο',
            text: 'Αποστολή συνδέσμου επαναφοράς κωδικού στο email.',
          },
          {
            method: 'GET',
            path: '/auth/v1/verify',
            access: 'Δημόσιο',
            text: 'Επιβεβαίωση email ή επαναφοράς από τον σύνδεσμο του email.',
          },
        ],
      },
      {
        title: 'Προφίλ',
        intro: 'Το προφίλ του συνδεδεμένου χρήστη.',
        endpoints: [
          {
            method: 'GET',
            path: '/api/profile',
            access: 'Συνδεδεμένος',
            text: 'Το προφίλ: ρόλος, κατάσταση, οργανισμός, προεπιλεγμένη κατηγορία κ.ά.',
          },
          {
            method: 'PATCH',
            path: '/api/profile',
            access: 'Συνδεδεμένος',
            text: 'Ενημέρωση πεδίων του προφίλ.',
          },
          {
            method: 'PUT',
            path: '/api/cookie-consent',
            access: 'Συνδεδεμένος',
            text: 'Αποθήκευση της συγκατάθεσης cookies: functional, performance, marketing (version v1).',
          },
        ],
      },
      {
        title: 'Δημόσιος ιστότοπος',
        intro: 'Κλήσεις χωρίς σύνδεση.',
        endpoints: [
          {
            method: 'GET',
            path: '/api/plans',
            access: 'Δημόσιο',
            text: 'Τα ενεργά πλάνα με τιμές σε ευρώ χωρίς ΦΠΑ και τον πίνακα δυνατοτήτων.',
          },
          {
            method: 'POST',
            path: '/api/leads',
            access: 'Δημόσιο',
            text: 'Μήνυμα επικοινωνίας ή αίτημα προσφοράς: full_name, email, company, message, source (contact | pricing).',
          },
          {
            method: 'POST',
            path: '/api/demo-requests',
            access: 'Δημόσιο',
            text: 'Αίτημα demo: full_name, email, company, role, preferred_date (όχι πριν από σήμερα), preferred_time (morning | afternoon | evening), notes.',
          },
          {
            method: 'GET',
            path: '/api/status',
            access: 'Δημόσιο',
            text: 'Κατάσταση συστήματος, υπηρεσίες, διαθεσιμότητα και συμβάντα 90 ημερών.',
          },
        ],
      },
      {
        title: 'Διαχείριση κατάστασης (superadmin)',
        intro: 'Αλλαγές που εμφανίζονται αμέσως στη σελίδα /status.',
        endpoints: [
          {
            method: 'PUT',
            path: '/api/status',
            access: 'Superadmin',
            text: 'Συνολική κατάσταση και κατάσταση κάθε υπηρεσίας (operational | degraded | outage).',
          },
          {
            method: 'POST',
            path: '/api/incidents',
            access: 'Superadmin',
            text: 'Νέο συμβάν: title, status, impact, message.',
          },
          {
            method: 'PATCH',
            path: '/api/incidents/:id',
            access: 'Superadmin',
            text: 'Νέα ενημέρωση ή αλλαγή κατάστασης· το status resolved το κλείνει.',
          },
          {
            method: 'GET',
            path: '/api/platform-settings',
            access: 'Superadmin',
            text: 'Ρυθμίσεις πλατφόρμας (signup_requires_approval).',
          },
          {
            method: 'PUT',
            path: '/api/platform-settings',
            access: 'Superadmin',
            text: 'Αλλαγή ρυθμίσεων πλατφόρμας.',
          },
        ],
      },
      {
        title: 'Δελτία τύπου (πελάτες)',
        intro: 'Μόνο τα δελτία του πελάτη και του χώρου εργασίας του· ένα ξένο δελτίο απαντά 404.',
        endpoints: [
          {
            method: 'GET',
            path: '/api/releases',
            access: 'Πελάτης',
            text: 'Λίστα με αναζήτηση (χωρίς τόνους), φίλτρα category και status, σελίδες των 10.',
          },
          {
            method: 'POST',
            path: '/api/releases',
            access: 'Πελάτης',
            text: 'Νέο πρόχειρο· επιστρέφει το id του.',
          },
          { method: 'GET', path: '/api/releases/:id', access: 'Πελάτης', text: 'Ένα δελτίο.' },
          {
            method: 'POST',
            path: '/api/releases/:id/duplicate',
            access: 'Πελάτης',
            text: 'Αντίγραφο ως πρόχειρο με τίτλο «… (αντίγραφο)».',
          },
          { method: 'DELETE', path: '/api/releases/:id', access: 'Πελάτης', text: 'Διαγραφή.' },
          {
            method: 'GET',
            path: '/api/releases/:id/state',
            access: 'Πελάτης',
            text: 'Κατάσταση, προγραμματισμός και λίστες media.',
          },
          {
            method: 'POST',
            path: '/api/releases/:id/save',
            access: 'Πελάτης',
            text: 'Αποθήκευση του ζωντανού εγγράφου στη βάση.',
          },
          {
            method: 'POST',
            path: '/api/releases/:id/schedule',
            access: 'Πελάτης (εγκεκριμένος)',
            text: 'Προγραμματισμός: scheduledAt (ISO 8601). Απαιτεί τίτλο, κείμενο και κατηγορία.',
          },
          {
            method: 'POST',
            path: '/api/releases/:id/unschedule',
            access: 'Πελάτης',
            text: 'Ακύρωση προγραμματισμού.',
          },
          {
            method: 'POST',
            path: '/api/releases/:id/send',
            access: 'Πελάτης (εγκεκριμένος)',
            text: 'Άμεση αποστολή.',
          },
          {
            method: 'GET',
            path: '/api/media-lists/summary',
            access: 'Πελάτης',
            text: 'Οι λίστες media ανά κατηγορία με τον αριθμό επαφών τους.',
          },
        ],
      },
      {
        title: 'Συνεργατικός επεξεργαστής, συνημμένα, βοηθός',
        intro:
          'Το κείμενο συγχρονίζεται με το πρωτόκολλο y-websocket στο /collab/{id} με εισιτήριο 60 δευτερολέπτων.',
        endpoints: [
          {
            method: 'POST',
            path: '/api/collab/tickets',
            access: 'Πελάτης',
            text: 'Εισιτήριο για το /collab/{releaseId}?ticket=… (κλείσιμο 4401 όταν λήξει, 4403 χωρίς πρόσβαση).',
          },
          {
            method: 'GET',
            path: '/api/releases/:id/attachments',
            access: 'Πελάτης',
            text: 'Συνημμένα με υπογεγραμμένους συνδέσμους λήψης.',
          },
          {
            method: 'POST',
            path: '/api/releases/:id/attachments',
            access: 'Πελάτης',
            text: 'Μεταφόρτωση: το αρχείο ως σώμα, όνομα στην κεφαλίδα X-File-Name. Εικόνες, PDF, έγγραφα office έως 10 MB.',
          },
          {
            method: 'DELETE',
            path: '/api/releases/:id/attachments/:attachmentId',
            access: 'Πελάτης',
            text: 'Αφαίρεση συνημμένου.',
          },
          {
            method: 'GET',
            path: '/api/attachments/:attachmentId/file?token=…',
            access: 'Υπογεγραμμένος σύνδεσμος',
            text: 'Λήψη αρχείου (ο σύνδεσμος ισχύει 15 λεπτά).',
          },
          {
            method: 'POST',
            path: '/api/assistant/suggestions',
            access: 'Πελάτης',
            text: 'title, text → τρεις τίτλοι, περίληψη και βελτιωμένο κείμενο.',
          },
        ],
      },
      {
        title: 'Χώροι εργασίας, εργασίες, ειδοποιήσεις',
        intro: 'Μόνο τα μέλη ενός χώρου εργασίας βλέπουν και αλλάζουν τις εργασίες του.',
        endpoints: [
          {
            method: 'GET',
            path: '/api/workspaces',
            access: 'Πελάτης',
            text: 'Οι χώροι εργασίας μου με τον ρόλο μου.',
          },
          { method: 'GET', path: '/api/workspaces/:id/members', access: 'Μέλος', text: 'Μέλη.' },
          {
            method: 'DELETE',
            path: '/api/workspaces/:id/members/:userId',
            access: 'Ιδιοκτήτης',
            text: 'Αφαίρεση μέλους (η πρόσβαση τερματίζεται αμέσως).',
          },
          {
            method: 'GET',
            path: '/api/workspaces/:id/invitations',
            access: 'Ιδιοκτήτης',
            text: 'Εκκρεμείς προσκλήσεις.',
          },
          {
            method: 'POST',
            path: '/api/workspaces/:id/invitations',
            access: 'Ιδιοκτήτης',
            text: 'Πρόσκληση με email.',
          },
          {
            method: 'DELETE',
            path: '/api/invitations/:id',
            access: 'Ιδιοκτήτης',
            text: 'Ανάκληση πρόσκλησης.',
          },
          {
            method: 'POST',
            path: '/api/invitations/accept',
            access: 'Πελάτης',
            text: 'Αποδοχή με το token του συνδέσμου.',
          },
          {
            method: 'GET',
            path: '/api/workspaces/:id/tasks',
            access: 'Μέλος',
            text: 'Εργασίες με ανάθεση, δημιουργό και συνδεδεμένο δελτίο.',
          },
          {
            method: 'POST',
            path: '/api/workspaces/:id/tasks',
            access: 'Μέλος',
            text: 'Νέα εργασία.',
          },
          {
            method: 'PATCH',
            path: '/api/tasks/:id',
            access: 'Μέλος',
            text: 'Αλλαγή πεδίων με version· μια παλιά version απαντά 409 version_conflict με την τρέχουσα εργασία.',
          },
          {
            method: 'GET',
            path: '/api/notifications',
            access: 'Συνδεδεμένος',
            text: 'Οι 30 πιο πρόσφατες ειδοποιήσεις και ο αριθμός των αδιάβαστων.',
          },
          {
            method: 'POST',
            path: '/api/notifications/read-all',
            access: 'Συνδεδεμένος',
            text: 'Όλες ως αναγνωσμένες.',
          },
          {
            method: 'GET',
            path: '/api/client/dashboard',
            access: 'Πελάτης',
            text: 'Τα στοιχεία του πίνακα ελέγχου από τα δεδομένα του πελάτη.',
          },
        ],
      },
      {
        title: 'Διαχείριση πλατφόρμας (superadmin)',
        intro: 'Κάθε ενέργεια γράφεται στο αρχείο ενεργειών μέσα στην ίδια συναλλαγή.',
        endpoints: [
          {
            method: 'GET',
            path: '/api/admin/overview',
            access: 'Superadmin',
            text: 'Μετρητές, εγγραφές ανά ημέρα, ρόλοι, δελτία ανά κατηγορία.',
          },
          {
            method: 'GET',
            path: '/api/admin/health',
            access: 'Superadmin',
            text: 'Καθυστέρηση βάσης και μέγεθος ουρών email / newsletter.',
          },
          {
            method: 'GET',
            path: '/api/admin/users',
            access: 'Superadmin',
            text: 'Χρήστες με αναζήτηση, φίλτρα ρόλου και κατάστασης, σελίδες των 10.',
          },
          {
            method: 'GET',
            path: '/api/admin/users/export',
            access: 'Superadmin',
            text: 'CSV χρηστών.',
          },
          {
            method: 'GET',
            path: '/api/admin/media-lists',
            access: 'Superadmin',
            text: 'Λίστες media ανά κατηγορία.',
          },
          {
            method: 'GET',
            path: '/api/admin/media-candidates',
            access: 'Superadmin',
            text: 'Ενεργά, εγκεκριμένα media που δεν είναι ακόμη στη λίστα.',
          },
          {
            method: 'DELETE',
            path: '/api/admin/media-lists/:category/:mediaId',
            access: 'Superadmin',
            text: 'Αφαίρεση από λίστα.',
          },
          {
            method: 'GET',
            path: '/api/admin/audit-logs',
            access: 'Superadmin',
            text: 'Αρχείο ενεργειών με φίλτρα· δεν αλλάζει ούτε διαγράφεται.',
          },
          {
            method: 'GET',
            path: '/api/admin/statistics',
            access: 'Superadmin',
            text: 'Εγγραφές, αποστολές, ανοίγματα και κλικ ανά ημέρα.',
          },
        ],
      },
    ],
    related: RESOURCE_RELATED,
  },
  '/about': {
    lead: 'Φτιάχνουμε την πιο απλή πλατφόρμα διανομής δελτίων τύπου για την ελληνική αγορά.',
    description:
      'Σχετικά με το Deltio: η ομάδα και η αποστολή μας να κάνουμε τη διανομή δελτίων τύπου απλή για την ελληνική αγορά.',
    sections: [
      {
        title: 'Η αποστολή μας',
        paragraphs: [
          'Ξεκινήσαμε από μια απλή διαπίστωση: οι ομάδες επικοινωνίας ξοδεύουν περισσότερο χρόνο στη διαχείριση λιστών και email παρά στην ίδια την είδηση, και οι δημοσιογράφοι πνίγονται σε δελτία που δεν τους αφορούν.',
          'Το Deltio φέρνει τις δύο πλευρές κοντά: οι οργανισμοί στέλνουν στοχευμένα, οι δημοσιογράφοι λαμβάνουν ό,τι καλύπτουν.',
        ],
      },
      {
        title: 'Οι αξίες μας',
        bullets: [
          'Σεβασμός στον χρόνο των δημοσιογράφων.',
          'Διαφάνεια στα δεδομένα και στις τιμές.',
          'Προστασία προσωπικών δεδομένων από τον σχεδιασμό.',
        ],
      },
    ],
  },
  '/clients': {
    lead: 'Εταιρείες και οργανισμοί που εμπιστεύονται το Deltio για την επικοινωνία τους.',
    description:
      'Πελάτες του Deltio: εταιρείες τεχνολογίας, χρηματοοικονομικοί οργανισμοί, πολιτιστικοί φορείς και brands.',
    sections: [
      {
        title: 'Ποιοι χρησιμοποιούν το Deltio',
        bullets: [
          'Startups και εταιρείες τεχνολογίας για ανακοινώσεις προϊόντων.',
          'Τράπεζες, ασφαλιστικές και εισηγμένες για εταιρικές ανακοινώσεις.',
          'Θέατρα, μουσεία και φεστιβάλ για το πρόγραμμα της σεζόν.',
          'Γραφεία δημοσίων σχέσεων που διαχειρίζονται πολλούς πελάτες.',
        ],
      },
    ],
  },
  '/careers': {
    lead: 'Ελάτε στην ομάδα μας και βοηθήστε μας να αλλάξουμε τον τρόπο που διανέμονται τα νέα.',
    description:
      'Καριέρα στο Deltio: ανοιχτές θέσεις, τρόπος δουλειάς και παροχές της ομάδας μας στην Αθήνα.',
    sections: [
      {
        title: 'Πώς δουλεύουμε',
        bullets: [
          'Υβριδική εργασία με γραφείο στην Αθήνα.',
          'Μικρή ομάδα, μεγάλη αυτονομία.',
          'Προϋπολογισμός εκπαίδευσης και συνεδρίων.',
        ],
      },
      {
        title: 'Ανοιχτές θέσεις',
        paragraphs: [
          'Αυτή τη στιγμή αναζητούμε μηχανικό λογισμικού (TypeScript) και υπεύθυνο εξυπηρέτησης πελατών. Στείλτε μας το βιογραφικό σας μέσω της φόρμας επικοινωνίας.',
        ],
      },
    ],
  },
};

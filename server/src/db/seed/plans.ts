import type { Knex } from 'knex';
import { PLAN_FEATURE_KEYS, type PLAN_CODES } from '../../../../shared/constants';
import { SEED_PLAN_LIMITS } from '../../../../shared/plans';

export type PlanFeatureKey = (typeof PLAN_FEATURE_KEYS)[number];
export type PlanFeatureValue = string | boolean | string[];

export interface SeedPlan {
  code: (typeof PLAN_CODES)[number];
  name: string;
  description: string;
  monthly_price: number | null; // cents
  yearly_price: number | null; // cents (two months free)
  features: Record<PlanFeatureKey, PlanFeatureValue>;
}

export const SEED_PLANS: readonly SeedPlan[] = [
  {
    code: 'starter',
    name: 'Starter',
    description:
      'Για μικρές επιχειρήσεις και οργανισμούς που κάνουν τα πρώτα τους βήματα στις δημόσιες σχέσεις.',
    monthly_price: 4900,
    yearly_price: 49000,
    features: {
      press_releases_per_month: '5',
      ai_level: 'Βασικές προτάσεις τίτλων και κειμένου με AI',
      reporting: ['Ανοίγματα', 'Κλικ συνδέσμων'],
      media_targeting: 'Έως 100 επαφές media ανά δελτίο',
      users: '1 χρήστης',
      support: 'Υποστήριξη μέσω email',
      sso: false,
      compliance: ['Συμμόρφωση με τον GDPR'],
      sla: 'Χωρίς εγγυημένο SLA',
    },
  },
  {
    code: 'pro',
    name: 'Pro',
    description:
      'Για ομάδες επικοινωνίας που στέλνουν τακτικά και θέλουν πλήρη εικόνα των αποτελεσμάτων.',
    monthly_price: 14900,
    yearly_price: 149000,
    features: {
      press_releases_per_month: 'Απεριόριστα',
      ai_level: 'Προηγμένη συγγραφή, περίληψη και βελτίωση κειμένου με AI',
      reporting: ['Ανοίγματα', 'Κλικ συνδέσμων', 'Αναφορές ανά κατηγορία', 'Εξαγωγή CSV'],
      media_targeting: '1.000+ επαφές media ανά κατηγορία',
      users: 'Έως 5 χρήστες',
      support: 'Προτεραιότητα σε email και τηλέφωνο',
      sso: false,
      compliance: ['Συμμόρφωση με τον GDPR', 'Αρχείο ενεργειών'],
      sla: '99,5% διαθεσιμότητα',
    },
  },
  {
    code: 'enterprise',
    name: 'Enterprise',
    description:
      'Για μεγάλους οργανισμούς και πρακτορεία με αυξημένες ανάγκες ασφάλειας, όγκου και υποστήριξης.',
    monthly_price: null,
    yearly_price: null,
    features: {
      press_releases_per_month: 'Απεριόριστα',
      ai_level: 'Προσαρμοσμένο AI στο ύφος και την ορολογία του οργανισμού σας',
      reporting: [
        'Ανοίγματα',
        'Κλικ συνδέσμων',
        'Αναφορές ανά κατηγορία',
        'Εξαγωγή CSV',
        'Προσαρμοσμένες αναφορές',
        'Πρόσβαση μέσω API',
      ],
      media_targeting: 'Απεριόριστες επαφές και προσαρμοσμένες λίστες media',
      users: 'Απεριόριστοι χρήστες',
      support: 'Αποκλειστικός υπεύθυνος λογαριασμού, 24/7',
      sso: true,
      compliance: [
        'Συμμόρφωση με τον GDPR',
        'Αρχείο ενεργειών',
        'Σύμβαση επεξεργασίας δεδομένων (DPA)',
      ],
      sla: '99,9% διαθεσιμότητα με εγγύηση',
    },
  },
];

/**
 * Inserts the plans that are missing, with the limits the server enforces (shared/plans.ts);
 * an existing plan (maybe edited) is left as it is.
 */
export async function seedPlans(db: Knex): Promise<void> {
  for (const plan of SEED_PLANS) {
    const features = Object.fromEntries(PLAN_FEATURE_KEYS.map((k) => [k, plan.features[k]]));
    await db('plans')
      .insert({
        code: plan.code,
        name: plan.name,
        description: plan.description,
        monthly_price: plan.monthly_price,
        yearly_price: plan.yearly_price,
        is_active: true,
        features: JSON.stringify(features),
        limits: JSON.stringify(SEED_PLAN_LIMITS[plan.code]),
      })
      .onConflict('code')
      .ignore();
  }
}

import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@shared/constants';
import { asObject, asSubject, auditSentence, shortName } from './audit-sentence';

const entry = (o: Partial<Parameters<typeof auditSentence>[0]> & Pick<Parameters<typeof auditSentence>[0], 'action_type'>) => ({
  actor_name: 'Μαρία Παπαδοπούλου',
  actor_email: 'maria@example.gr',
  entity_label: null,
  subject_name: null,
  metadata: {},
  ...o,
});

describe('names in the audit sentences', () => {
  it('shortens to a first name and an initial', () => {
    expect(shortName('Μαρία Παπαδοπούλου')).toBe('Μαρία Π.');
    expect(shortName('admin@example.gr')).toBe('admin@example.gr');
  });
  it('puts the article and the accusative of a Greek first name', () => {
    expect(asSubject('Μαρία Παπαδοπούλου')).toBe('Η Μαρία Π.');
    expect(asSubject('Γιώργος Αντωνίου')).toBe('Ο Γιώργος Α.');
    expect(asObject('Γιώργος Αντωνίου')).toBe('τον Γιώργο Α.');
    expect(asObject('Κώστας Νικολάου')).toBe('τον Κώστα Ν.');
    expect(asObject('Γιάννης Βλάχος')).toBe('τον Γιάννη Β.');
    expect(asObject('Ελένη Βασιλείου')).toBe('την Ελένη Β.');
    expect(asSubject('Deltio Admin')).toBe('Deltio A.');
  });
});

describe('audit sentences', () => {
  it('reads as Greek: who did what to whom', () => {
    expect(auditSentence(entry({ action_type: 'user.approve', entity_label: 'Ελένη Βασιλείου' }))).toBe('Η Μαρία Π. ενέκρινε την Ελένη Β.');
    expect(auditSentence(entry({ action_type: 'press_release.sent', entity_label: 'Νέο κέντρο', metadata: { recipients: 1 } }))).toBe(
      'Η Μαρία Π. έστειλε το δελτίο «Νέο κέντρο» σε 1 παραλήπτη',
    );
    expect(auditSentence(entry({ action_type: 'approval.stale', actor_name: null, actor_email: null, entity_label: 'Νέο κέντρο', metadata: { seq: 3 } }))).toBe(
      'Το δελτίο «Νέο κέντρο» άλλαξε μετά την έγκριση της Έκδοσης 3',
    );
    expect(auditSentence(entry({ action_type: 'organisation.member_removed', entity_label: 'Αιγαίο Α.Ε.', subject_name: 'Γιώργος Αντωνίου', metadata: { userId: 'x' } }))).toBe(
      'Η Μαρία Π. αφαίρεσε τον Γιώργο Α. από τον οργανισμό «Αιγαίο Α.Ε.»',
    );
    expect(auditSentence(entry({ action_type: 'user.plan_change', metadata: { organisation: 'Αιγαίο', plan: { from: 'starter', to: 'pro' } } }))).toBe(
      'Η Μαρία Π. άλλαξε το πλάνο του οργανισμού «Αιγαίο» από «Starter» σε «Pro»',
    );
  });

  it('has a sentence for every action, with no raw key, id or JSON in it', () => {
    const uuid = '6f1f3c1e-8d3a-4b8a-9a55-3f5f0f4c2b11';
    for (const action_type of AUDIT_ACTIONS) {
      const s = auditSentence(entry({ action_type, metadata: { userId: uuid, versionId: uuid, approvalId: uuid, organisation_id: uuid, title: 'Τίτλος' } }));
      expect(s.length, action_type).toBeGreaterThan(10);
      expect(s, action_type).not.toMatch(/[{}[\]]|undefined|null|NaN|[a-z]+\.[a-z_]+|[0-9a-f]{8}-[0-9a-f]{4}/);
    }
  });
});

describe('media list entries', () => {
  it('say who was imported and which addresses were not found', () => {
    expect(
      auditSentence(
        entry({ action_type: 'media_list.bulk_import', metadata: { category: 'tech', total: 3, found: 2, added: 1, existing: 1, notFound: ['nobody@example.gr'] } }),
      ),
    ).toBe('Η Μαρία Π. εισήγαγε 1 δημοσιογράφο στη λίστα «Τεχνολογία» (βρέθηκαν 2 από 3 e-mail· δεν βρέθηκαν: nobody@example.gr)');
  });
});

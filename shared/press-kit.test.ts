import { describe, expect, it } from 'vitest';
import { hasBoilerplateSection, opensBoilerplate } from './press-kit';

describe('the release’s own «Σχετικά με» section', () => {
  it('is found in any case and accent, as a heading or a leading label', () => {
    expect(opensBoilerplate('Σχετικά με την Αιγαίο Τεχνολογίες')).toBe(true);
    expect(opensBoilerplate('ΣΧΕΤΙΚΑ ΜΕ ΤΗΝ ΑΙΓΑΙΟ')).toBe(true);
    expect(opensBoilerplate('Λίγα λόγια για εμάς')).toBe(true);
    expect(opensBoilerplate('Σχετικά: η εταιρεία')).toBe(true);
    expect(opensBoilerplate('About Aigaio Tech')).toBe(true);
  });

  it('is not a sentence that merely mentions it', () => {
    expect(opensBoilerplate('Η ανακοίνωση σχετικά με τα αποτελέσματα')).toBe(false);
    expect(hasBoilerplateSection('Αθήνα, 5 Μαρτίου 2026 — Η εταιρεία ανακοινώνει.\nΗ δήλωση σχετικά με το έργο.')).toBe(false);
    expect(hasBoilerplateSection('Κείμενο.\nΣχετικά με την Αιγαίο\nΙδρύθηκε το 2012.')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { releaseMail } from './distribution.email';

const base = {
  title: 'Νέο κέντρο δεδομένων',
  html: '<p>Κείμενο</p>',
  text: 'Κείμενο',
  category: null,
  company: 'Αιγαίο Τεχνολογίες',
  attachments: [],
  pixelUrl: null,
  embargoUntil: null,
  pressKit: { boilerplate: null, press_contact_name: null, press_contact_email: null, press_contact_phone: null },
  readInAppUrl: 'https://deltio.test/media/releases/1',
  unsubscribeSenderUrl: 'https://deltio.test/u/1',
  unsubscribeAllUrl: 'https://deltio.test/u/all',
};

describe('the release e-mail', () => {
  it('shows the sending time on the 24-hour clock, Athens time (not «3:29 μ.μ.»)', () => {
    const mail = releaseMail({ ...base, sentAt: new Date('2026-11-27T13:29:00Z') } as Parameters<typeof releaseMail>[0]);
    expect(mail.html).toContain('15:29');
    expect(mail.html).not.toMatch(/[πμ]\.μ\./);
    expect(mail.text ?? '').not.toMatch(/[πμ]\.μ\./);
  });
});

import { only, type AuthzModule } from '../../test/authz';

export const authz: AuthzModule = {
  entries: {
    'POST /assistant/suggestions': {
      request: () => ({ path: '/assistant/suggestions', body: { title: 'Τίτλος', text: 'Η εταιρεία ανακοινώνει νέο προϊόν. Το προϊόν κυκλοφορεί τον Μάιο.' } }),
      expect: only(200, ['client', 'otherClient', 'pending']),
    },
  },
};

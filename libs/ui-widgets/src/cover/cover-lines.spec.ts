import type { Cover } from '@caliber/contracts';
import { coverWords } from './cover-lines';

const contract: Cover = {
  source: 'contract',
  kind: 'full-service',
  until: '2029-03-31',
  vendorName: 'Philips Healthcare',
  phone: '+44 20 7946 0321',
  email: null,
  reference: 'PH-SC-014',
  responseHours: 48,
  pmIncluded: true,
};

describe('coverWords', () => {
  it('says a warranty and whom it names', () => {
    const words = coverWords(
      {
        ...contract,
        source: 'warranty',
        kind: null,
        until: '2027-03-12',
        vendorName: 'Philips',
        reference: null,
        responseHours: null,
        pmIncluded: null,
      },
      (date) => `on ${date}`,
    );
    expect(words.headline).toBe('Under warranty until on 2027-03-12');
    expect(words.terms).toEqual([]);
  });

  it('says a contract, its number to quote and its terms', () => {
    const words = coverWords(contract, (date) => date);
    expect(words.headline).toBe('Under a full service contract with Philips Healthcare until 2029-03-31');
    expect(words.terms).toEqual(['Response within 2 days.', 'Planned maintenance included.']);
    expect(coverWords({ ...contract, responseHours: 1, pmIncluded: false }, (date) => date).terms).toEqual([
      'Response within 1 hour.',
      'Planned maintenance not included.',
    ]);
    expect(coverWords({ ...contract, kind: 'pm-only' }, (date) => date).headline).toBe(
      'Under a PM only contract with Philips Healthcare until 2029-03-31',
    );
  });
});

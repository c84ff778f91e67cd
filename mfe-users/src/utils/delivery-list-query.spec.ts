import { deliveryFiltersOf, deliveryListQuery } from './delivery-list-query';

describe('The delivery record’s address', () => {
  it('reads the state, channel and page it offers', () => {
    expect(deliveryFiltersOf(new URLSearchParams('state=failed&channel=sms&page=3'))).toEqual({
      state: 'failed',
      channel: 'sms',
      page: 3,
    });
  });

  it('reads anything else as all, and a page that is not one as the first', () => {
    expect(deliveryFiltersOf(new URLSearchParams('state=lost&channel=fax&page=-2'))).toEqual({
      state: '',
      channel: '',
      page: 1,
    });
    expect(deliveryFiltersOf(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('asks for the page and only the filters set', () => {
    expect(deliveryListQuery({ state: '', channel: '', page: 1 })).toBe('page=1');
    expect(deliveryListQuery({ state: 'pending', channel: 'email', page: 2 })).toBe(
      'page=2&state=pending&channel=email',
    );
  });
});

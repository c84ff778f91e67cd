import { nextAddress } from './address-filters';

describe('nextAddress', () => {
  const current = new URLSearchParams('q=pump&status=Active&page=3');

  it('sets and removes parameters, and a new filter starts again at page 1', () => {
    const { params, replace } = nextAddress(current, { status: '', department: 'ICU' });
    expect(params.toString()).toBe('q=pump&department=ICU');
    expect(replace).toBe(true);
  });

  it('keeps the filters when only the page changes', () => {
    expect(nextAddress(current, { page: '4' }).params.toString()).toBe('q=pump&status=Active&page=4');
  });

  it('opening a record keeps the page and pushes a history entry', () => {
    const { params, replace } = nextAddress(current, { item: 'abc' }, ['item']);
    expect(params.toString()).toBe('q=pump&status=Active&page=3&item=abc');
    expect(replace).toBe(false);
  });

  it('leaves the address it was given untouched', () => {
    nextAddress(current, { q: '' });
    expect(current.get('q')).toBe('pump');
  });
});

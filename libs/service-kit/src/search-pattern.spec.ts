import { containsPattern } from './search-pattern';

describe('containsPattern', () => {
  it('finds the lower-cased text anywhere', () => {
    expect(containsPattern('Philips')).toBe('%philips%');
  });

  it('matches wildcards and the escape character literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

import { closestNames } from './suggestions';

const DEPARTMENTS = [
  'Cardiology',
  'Intensive Care Unit',
  'Radiology',
  'Emergency',
  'Neonatal Intensive Care Unit',
  'Theatre',
];

describe('closestNames', () => {
  it('offers the name a misspelling was meant to be', () => {
    expect(closestNames('Cardiolgy', DEPARTMENTS)[0]).toBe('Cardiology');
    expect(closestNames('radiolog', DEPARTMENTS)[0]).toBe('Radiology');
  });

  it('offers the name whose initials were written', () => {
    expect(closestNames('ICU', DEPARTMENTS)).toEqual(['Intensive Care Unit']);
    expect(closestNames('nicu', DEPARTMENTS)[0]).toBe('Neonatal Intensive Care Unit');
  });

  it('offers a longer name written in part, best first, at most the count asked', () => {
    const offered = closestNames('Intensive Care', DEPARTMENTS);
    expect(offered[0]).toBe('Intensive Care Unit');
    expect(offered.length).toBeLessThanOrEqual(2);
    expect(closestNames('Intensive Care', DEPARTMENTS, 1)).toHaveLength(1);
  });

  it('offers nothing for a name like none of the list', () => {
    expect(closestNames('Car Park', DEPARTMENTS)).toEqual([]);
    expect(closestNames('', DEPARTMENTS)).toEqual([]);
  });
});

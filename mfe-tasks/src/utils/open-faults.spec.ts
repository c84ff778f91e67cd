import { openFaultsHeading, reportedLine } from './open-faults';

describe("Report Issue's open-fault hint", () => {
  it('says how many open reports the device has, in the singular for one', () => {
    expect(openFaultsHeading(1)).toBe('This device already has an open fault report');
    expect(openFaultsHeading(4)).toBe('This device already has 4 open fault reports');
  });

  it('names the reporter when a person reported the fault', () => {
    expect(reportedLine({ reportedBy: { _id: 'a', name: 'Ruth Adeyemi' } }, '2 Mar 2026, 08:12')).toBe(
      'Reported 2 Mar 2026, 08:12 by Ruth Adeyemi',
    );
    expect(reportedLine({ reportedBy: null }, '2 Mar 2026, 08:12')).toBe('Reported 2 Mar 2026, 08:12');
  });
});

import { safetySummary } from './compliance-safety.section';

describe("the compliance audit's electrical-safety summary", () => {
  it('says "1 test was" and "1 device is" in the singular, and the plural otherwise', () => {
    expect(safetySummary({ tests: 1, passed: 1, failed: 0, overdueDevices: 1 })).toBe(
      '1 electrical safety test was taken in the period: 1 passed and 0 failed (100.0% passed). 1 device on a safety-testing plan is overdue for its test now.',
    );
    expect(safetySummary({ tests: 2, passed: 1, failed: 1, overdueDevices: 0 })).toBe(
      '2 electrical safety tests were taken in the period: 1 passed and 1 failed (50.0% passed). 0 devices on a safety-testing plan are overdue for their test now.',
    );
  });
});

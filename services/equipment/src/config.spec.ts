import { ConfigError } from '@caliber/service-kit';
import { pmProgramThresholdOf } from './config';

describe('PM_PROGRAM_THRESHOLD', () => {
  it('is 12 (Fennigkoh and Smith) unless set', () => {
    expect(pmProgramThresholdOf({})).toBe(12);
  });

  it('takes any EM number the scales can reach', () => {
    expect(pmProgramThresholdOf({ PM_PROGRAM_THRESHOLD: '4' })).toBe(4);
    expect(pmProgramThresholdOf({ PM_PROGRAM_THRESHOLD: '22' })).toBe(22);
  });

  it('stops the service with a message naming the variable for anything else', () => {
    for (const value of ['1', '23', '12.5', 'twelve']) {
      const attempt = () => pmProgramThresholdOf({ PM_PROGRAM_THRESHOLD: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow('PM_PROGRAM_THRESHOLD: must be a whole number from 2 to 22');
    }
  });
});

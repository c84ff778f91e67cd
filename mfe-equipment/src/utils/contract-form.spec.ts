import {
  contractBodyOf,
  contractDraftSchema,
  coverLine,
  draftOf,
  EMPTY_CONTRACT_DRAFT,
  localToday,
  renewalBadge,
  responseLine,
} from './contract-form';
import { contractDetail, IDS } from './contract.fixture';

describe('the service contract form', () => {
  it('starts an edit from the contract and sends it back as it was', () => {
    const contract = contractDetail({ departmentId: IDS.radiology, departmentName: 'Radiology Department' });
    const { devices, ...terms } = contract;
    expect(contractBodyOf(draftOf(contract))).toEqual({
      vendorId: terms.vendorId,
      reference: terms.reference,
      kind: terms.kind,
      startsOn: terms.startsOn,
      endsOn: terms.endsOn,
      annualCost: terms.annualCost,
      responseHours: terms.responseHours,
      pmIncluded: terms.pmIncluded,
      equipmentIds: devices.map((device) => device.id),
      models: terms.models,
      departmentId: IDS.radiology,
      notes: terms.notes,
    });
  });

  it('refuses a cost written with a thousands separator or a unit as not a number', async () => {
    const draft = {
      ...draftOf(contractDetail()),
      annualCost: '18,400',
      responseHours: '8h',
    };
    const checked = await contractDraftSchema.safeParseAsync(draft);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['annualCost', 'Annual cost must be a number.'],
      ['responseHours', 'Response time must be a number of hours.'],
    ]);
  });

  it('asks for the cover at once, under the devices', () => {
    const checked = contractDraftSchema.safeParse(EMPTY_CONTRACT_DRAFT);
    expect(checked.error?.issues.find((issue) => issue.path[0] === 'devices')?.message).toBe(
      'Name what the contract covers: devices, models or a department.',
    );
  });
});

describe('how a contract reads', () => {
  it('says what it covers in words', () => {
    expect(
      coverLine({
        deviceCount: 3,
        models: [
          { manufacturer: 'GE', model: 'Vivid T8' },
          { manufacturer: 'GE', model: 'Logiq E10' },
        ],
        departmentName: 'Radiology Department',
      }),
    ).toBe('3 devices · 2 models · Radiology Department');
    expect(coverLine({ deviceCount: 1, models: [], departmentName: null })).toBe('1 device');
  });

  it('wears the renewal badge of its notice, with the days left counted from today', () => {
    const today = '2026-11-30';
    const term = { startsOn: '2025-12-01', endsOn: '2026-12-01' };
    expect(renewalBadge({ ...term, renewal: 'due-30' }, today)).toEqual({
      tone: 'red',
      text: 'Renewal due: ends tomorrow',
    });
    expect(renewalBadge({ ...term, endsOn: today, renewal: 'due-30' }, today)?.text).toBe(
      'Renewal due: ends today',
    );
    expect(renewalBadge({ ...term, endsOn: '2027-02-15', renewal: 'due-90' }, today)).toEqual({
      tone: 'yellow',
      text: 'Renewal due: ends in 77 days',
    });
    expect(renewalBadge({ ...term, renewal: 'ended' }, today)).toEqual({ tone: 'grey', text: 'Ended' });
    expect(
      renewalBadge({ ...term, startsOn: '2027-01-01', endsOn: '2028-12-31', renewal: null }, today),
    ).toEqual({ tone: 'blue', text: 'Not started' });
    expect(renewalBadge({ ...term, endsOn: '2027-12-01', renewal: null }, today)).toBeNull();
  });

  it('writes the response time and today', () => {
    expect(responseLine(8)).toBe('within 8 hours');
    expect(responseLine(1)).toBe('within 1 hour');
    expect(responseLine(null)).toBe('Not set');
    expect(localToday(new Date(2026, 1, 3, 23, 59))).toBe('2026-02-03');
  });
});

import fc from 'fast-check';
import {
  costOfServiceDays,
  costOfServiceEnd,
  costOfServiceRatioText,
  CostOfServiceTally,
  dashboardCostOfServicePeriod,
  flaggedForReplacement,
  type DeviceOwnershipRow,
  type DeviceServiceCostRow,
} from './cost-of-service';

const device = (acquisitionCost: number | null, contractCost = 0): DeviceOwnershipRow => ({
  equipmentId: '00000000-0000-4000-8000-000000000001',
  name: 'Ventilator',
  serialNumber: 'SN-1',
  manufacturer: 'Maker',
  model: 'M1',
  department: 'ICU',
  category: 'Ventilator',
  acquisitionCost,
  contractCost,
  contracts: contractCost > 0 ? 1 : 0,
});

const work = (fields: Partial<DeviceServiceCostRow> = {}): DeviceServiceCostRow => ({
  equipmentId: '00000000-0000-4000-8000-000000000001',
  tasks: 1,
  labourCost: null,
  partsCost: null,
  vendorCost: null,
  tasksWithUnpricedHours: 0,
  repairCostYear: 0,
  ...fields,
});

describe('the cost of service tally', () => {
  it('puts labour, parts, vendors and contracts over the acquisition cost, and says what lies outside', () => {
    const tally = new CostOfServiceTally();
    tally.add(device(100_000, 6_687.5), work({ labourCost: 560, partsCost: 300, vendorCost: 1_200 }), false);
    tally.add(device(null, 687.5), work({ partsCost: 80, tasksWithUnpricedHours: 2 }), false);
    tally.add(device(2_000, 687.5), undefined, true);
    expect(tally.figures()).toEqual({
      devices: 3,
      devicesWithCost: 2,
      acquisitionCost: 102_000,
      labourCost: 560,
      partsCost: 300,
      vendorCost: 1_200,
      contractCost: 7_375,
      serviceCost: 9_435,
      serviceCostWithoutAcquisition: 767.5,
      ratio: 9_435 / 102_000,
      tasksWithUnpricedHours: 2,
      flagged: 1,
    });
  });

  it('has no ratio when no device has an acquisition cost (a cost of 0 is none to divide by)', () => {
    const tally = new CostOfServiceTally();
    tally.add(device(0, 10), work({ partsCost: 5 }), false);
    expect(tally.figures()).toMatchObject({
      ratio: null,
      devicesWithCost: 0,
      serviceCostWithoutAcquisition: 15,
    });
  });

  it('adds contract shares that are not whole cents to the cent, whatever their order', () => {
    // A contract of 100.00 split over three devices: each share is 33.333…, the three make 100.00.
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (devices, cents) => {
          const tally = new CostOfServiceTally();
          for (let index = 0; index < devices; index += 1)
            tally.add(device(1_000, cents / 100 / devices), undefined, false);
          expect(tally.figures().contractCost).toBe(cents / 100);
        },
      ),
    );
  });
});

describe('the replacement flag', () => {
  it('flags repairs over the year past half the acquisition cost, not at it, and never without a cost', () => {
    expect(flaggedForReplacement(device(2_000), work({ repairCostYear: 1_000.01 }))).toBe(true);
    expect(flaggedForReplacement(device(2_000), work({ repairCostYear: 1_000 }))).toBe(false);
    expect(flaggedForReplacement(device(2_000), undefined)).toBe(false);
    expect(flaggedForReplacement(device(null), work({ repairCostYear: 50_000 }))).toBe(false);
  });
});

describe('the days the ratio counts', () => {
  const now = new Date('2026-03-15T23:30:00Z');

  it('end with the period, or with the hospital’s today when the period runs on past it', () => {
    expect(costOfServiceEnd({ to: '2025-12-31', timeZone: 'UTC' }, now)).toBe('2025-12-31');
    expect(costOfServiceEnd({ to: '2026-12-31', timeZone: 'UTC' }, now)).toBe('2026-03-15');
    // Already the 16th in Tokyo: its today.
    expect(costOfServiceEnd({ to: '2026-12-31', timeZone: 'Asia/Tokyo' }, now)).toBe('2026-03-16');
  });

  it('count both ends, and none before the period begins', () => {
    expect(costOfServiceDays({ from: '2025-01-01', to: '2025-12-31', timeZone: 'UTC' }, now)).toBe(365);
    expect(costOfServiceDays({ from: '2026-03-01', to: '2026-12-31', timeZone: 'UTC' }, now)).toBe(15);
    expect(costOfServiceDays({ from: '2026-04-01', to: '2026-12-31', timeZone: 'UTC' }, now)).toBe(0);
  });
});

describe("the dashboard's year", () => {
  it("is the 365 days to the hospital's today, leap days and all", () => {
    // 23:30 UTC on 29 Feb 2028 is already 1 Mar in Auckland.
    const at = new Date('2028-02-29T23:30:00Z');
    expect(dashboardCostOfServicePeriod('UTC', at)).toEqual({ from: '2027-03-02', to: '2028-02-29' });
    expect(dashboardCostOfServicePeriod('Pacific/Auckland', at)).toEqual({
      from: '2027-03-03',
      to: '2028-03-01',
    });
  });
});

describe('the ratio in words', () => {
  it('is a percentage with one decimal, as the report tables write percentages, and "—" without one', () => {
    expect(costOfServiceRatioText(0.052)).toBe('5.2%');
    expect(costOfServiceRatioText(17_462.5 / 152_000)).toBe('11.5%');
    expect(costOfServiceRatioText(0)).toBe('0.0%');
    expect(costOfServiceRatioText(12.5)).toBe('1,250.0%');
    expect(costOfServiceRatioText(null)).toBe('—');
    expect(costOfServiceRatioText(Number.NaN)).toBe('—');
  });
});

import { addServiceContractSchema, addVendorSchema, RENEWAL_NOTICE_DAYS } from '@caliber/contracts';
import { DEMO_CONTRACTS, DEMO_VENDORS } from './demo-contracts';
import { generateEquipment } from './demo-equipment';

const ID = '4e1b9c2d-7a3f-4c5e-8d6b-2f1a0e9c8b7d';

describe('the demo vendors and contracts', () => {
  it('are what the screens would accept', () => {
    for (const vendor of DEMO_VENDORS) expect(addVendorSchema.safeParse(vendor).error).toBeUndefined();
    for (const contract of DEMO_CONTRACTS) {
      const { reference, kind, annualCost, responseHours, pmIncluded, models } = contract;
      const startsOn = '2026-01-01';
      const endsOn = new Date(Date.UTC(2026, 0, 1 + contract.endsInDays - contract.startsInDays))
        .toISOString()
        .slice(0, 10);
      const parsed = addServiceContractSchema.safeParse({
        vendorId: ID,
        reference,
        kind,
        startsOn,
        endsOn,
        annualCost,
        responseHours,
        pmIncluded,
        models,
      });
      expect(parsed.error).toBeUndefined();
    }
  });

  it('name vendors of the list and models of the demo inventory', () => {
    const vendors = new Set(DEMO_VENDORS.map((vendor) => vendor.name));
    const models = new Set(generateEquipment(400, 1).map((item) => `${item.manufacturer}|${item.model}`));
    for (const contract of DEMO_CONTRACTS) {
      expect(vendors).toContain(contract.vendor);
      for (const model of contract.models) expect(models).toContain(`${model.manufacturer}|${model.model}`);
    }
  });

  it('give the renewal card one contract within 30 days and one more within 90', () => {
    const inForce = DEMO_CONTRACTS.filter(
      (contract) => contract.startsInDays <= 0 && contract.endsInDays >= 0,
    );
    expect(inForce.filter((contract) => contract.endsInDays <= RENEWAL_NOTICE_DAYS[1])).toHaveLength(1);
    expect(inForce.filter((contract) => contract.endsInDays <= RENEWAL_NOTICE_DAYS[0])).toHaveLength(2);
  });
});

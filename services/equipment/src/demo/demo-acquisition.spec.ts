import { DEMO_SUPPLIERS, demoAcquisitions } from './demo-acquisition';
import { DEMO_VENDORS } from './demo-contracts';
import { generateEquipment } from './demo-equipment';

describe('the demo devices’ acquisition figures', () => {
  const items = generateEquipment(400, 7);
  const figures = demoAcquisitions(items, 7);

  it('are the same for the same seed, and leave the items as they were', () => {
    expect(demoAcquisitions(generateEquipment(400, 7), 7)).toEqual(figures);
    expect(generateEquipment(400, 7)).toEqual(items);
  });

  it('price most devices within their kind’s range, bought up to a month before installation', () => {
    expect(figures.length).toBeGreaterThan(300);
    expect(figures.length).toBeLessThan(400);
    const bySerial = new Map(items.map((item) => [item.serialNumber, item]));
    for (const figure of figures) {
      const item = bySerial.get(figure.serialNumber);
      expect(item).toBeDefined();
      if (!item) continue;
      expect(figure.purchaseDate <= item.installationDate).toBe(true);
      const days = (Date.parse(item.installationDate) - Date.parse(figure.purchaseDate)) / 86_400_000;
      expect(days).toBeLessThanOrEqual(30);
      expect(Number.isInteger(figure.acquisitionCost)).toBe(true);
      expect(figure.acquisitionCost).toBeGreaterThanOrEqual(8_000);
      expect(figure.acquisitionCost).toBeLessThanOrEqual(1_600_000);
      expect(figure.expectedLifeYears).toBeGreaterThanOrEqual(8);
    }
    const ventilators = figures.filter(
      (figure) => bySerial.get(figure.serialNumber)?.category === 'Ventilator',
    );
    expect(
      ventilators.every((figure) => figure.acquisitionCost >= 180_000 && figure.expectedLifeYears === 10),
    ).toBe(true);
  });

  it('buy from suppliers on the demo’s vendor list, as a device’s supplier must be', () => {
    const suppliers = new Set(
      DEMO_VENDORS.filter((vendor) => vendor.kinds.includes('supplier')).map((vendor) => vendor.name),
    );
    expect(DEMO_SUPPLIERS.every((name) => suppliers.has(name))).toBe(true);
    expect(new Set(figures.map((figure) => figure.supplier))).toEqual(new Set(DEMO_SUPPLIERS));
  });
});

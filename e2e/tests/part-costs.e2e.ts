import type { Page } from '@playwright/test';
import { STORAGE_KEYS, type Role, type TaskDetail, type TaskDto, type Vendor } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
/** A tag no other run's vendors, devices or tasks carry: the test finds its own by it. */
const marker = () => `PC${Date.now().toString(36)}${++counter}`.toUpperCase();

/** Calls of the API as the signed-in person of a page, for setting the scene quickly. */
class Api extends SceneApi {
  async addSupplier(name: string): Promise<Vendor> {
    const answer = await this.request.post('/api/vendors', {
      headers: this.headers,
      data: { name, kinds: ['supplier'] },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return (await answer.json()) as Vendor;
  }

  device(tag: string) {
    return this.addDevice(tag, {
      name: `${tag} Infusion pump`,
      manufacturer: 'B. Braun',
      model: 'Infusomat',
      location: 'Ward 3',
      installationDate: '2022-03-01',
      category: 'Other',
    });
  }

  async task(data: Record<string, unknown>): Promise<TaskDto> {
    const answer = await this.request.post('/api/tasks', { headers: this.headers, data });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { task: TaskDto }).task;
  }

  async recordWork(id: string, data: Record<string, unknown>): Promise<TaskDto> {
    const answer = await this.request.put(`/api/tasks/${id}/work`, { headers: this.headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as TaskDto;
  }

  async detail(id: string): Promise<TaskDetail> {
    const answer = await this.request.get(`/api/tasks/${id}`, { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as TaskDetail;
  }
}

async function signIn(page: Page, role: Role): Promise<{ userId: string; api: Api }> {
  const user = await signInQuickly(page, addStaff(role, `${role} ${marker()}`, { preApproved: true }));
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return { userId: user._id, api: new Api(page.request, token ?? '') };
}

test.describe('Part costs', () => {
  test('an Engineer prices the parts a Technician used and names their supplier; the Technician sees the supplier', async ({
    browser,
  }) => {
    test.slow();
    const engineerContext = await browser.newContext();
    const technicianContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    try {
      const page = await engineerContext.newPage();
      const engineer = await signIn(page, 'Engineer');
      const technicianPage = await technicianContext.newPage();
      const technician = await signIn(technicianPage, 'Technician');
      const tag = marker();
      const supplier = await engineer.api.addSupplier(`${tag} Medical Supplies`);
      const device = await engineer.api.device(tag);
      const title = `${tag} occlusion alarm`;
      const task = await engineer.api.task({
        title,
        description: 'Occlusion alarm on every start.',
        taskType: 'Repair',
        priority: 'High',
        equipmentId: device._id,
        assignedTo: technician.userId,
        dueDate: '2030-06-30',
      });
      await technician.api.recordWork(task._id, {
        repairDetails: 'Replaced the pressure sensor and a fuse.',
        sparePartsText: 'Pressure sensor x 2 - Downstream\nFuse - 5 A',
      });

      await page.goto(`/tasks?task=${task._id}`);
      const details = page.getByRole('dialog', { name: title });
      await expect(details.getByRole('heading', { name: 'Part costs' })).toBeVisible();
      await expect(details.getByText('None of the 2 parts has a unit cost yet.')).toBeVisible();
      await details.getByRole('button', { name: 'Record part costs' }).click();

      const form = page.getByRole('dialog', { name: `Part costs: ${title}` });
      const sensor = form.getByRole('group', { name: /Pressure sensor/ });
      await sensor.getByLabel(/Unit cost/).fill('86.50');
      const picker = sensor.getByRole('combobox', { name: /Supplier/ });
      await picker.click();
      await picker.fill(tag);
      await form.getByRole('option', { name: supplier.name }).click();
      await expect(picker).toHaveValue(supplier.name);
      await form
        .getByRole('group', { name: /Fuse/ })
        .getByLabel(/Unit cost/)
        .fill('1.25');
      await form.screenshot({ path: test.info().outputPath('part-costs-form-light.png') });
      await form.getByRole('button', { name: 'Save part costs' }).click();
      await expect(page.getByText('Part costs saved.')).toBeVisible();
      await expect(form).toBeHidden();

      const saved = await engineer.api.detail(task._id);
      expect(saved.spareParts.map((part) => [part.name, part.unitCost, part.supplierName])).toEqual([
        ['Pressure sensor', 86.5, supplier.name],
        ['Fuse', 1.25, null],
      ]);
      const table = details.getByRole('table', { name: 'Part costs' });
      await expect(table.getByRole('row', { name: /Pressure sensor/ })).toContainText(supplier.name);
      await expect(table.getByRole('row', { name: /^Total/ })).toContainText('174.25');
      await expect(details.getByRole('button', { name: 'Edit part costs' })).toBeVisible();
      await details.screenshot({ path: test.info().outputPath('part-costs-light.png') });

      // The Technician, on a phone in the dark theme, sees who supplied the part, not the pricing.
      await technicianPage.goto(`/tasks?task=${task._id}`);
      const theirs = technicianPage.getByRole('dialog', { name: title });
      await expect(theirs.getByRole('heading', { name: 'Work record' })).toBeVisible();
      await expect(theirs.getByText(supplier.name)).toBeVisible();
      await expect(theirs.getByRole('heading', { name: 'Part costs' })).toHaveCount(0);
      await expect(theirs.getByRole('button', { name: /part costs/ })).toHaveCount(0);
      expect(await technicianPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await theirs.screenshot({ path: test.info().outputPath('part-costs-technician-dark-phone.png') });
    } finally {
      await technicianContext.close();
      await engineerContext.close();
    }
  });
});

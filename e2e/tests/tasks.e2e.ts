import type { Browser, Locator, Page } from '@playwright/test';
import {
  STORAGE_KEYS,
  type LabourRatePage,
  type OpenFaultPage,
  type PmPlanDto,
  type Role,
  type TaskDto,
} from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';
import { SceneApi } from '../support/scene-api';

let counter = 0;
const marker = () => `T${Date.now().toString(36)}${++counter}`.toUpperCase();

/** A new person on the roster, approved to receive tasks (as the demo staff are). */
const addAssignable = (role: Role, name: string): Staff => addStaff(role, name, { preApproved: true });

interface Session {
  page: Page;
  staff: Staff;
  userId: string;
  api: Api;
}

/** Calls of the API as the signed-in person of a page, for setting the scene quickly. */
class Api extends SceneApi {
  device(tag: string): Promise<{ _id: string; name: string; serialNumber: string }> {
    return this.addDevice(tag, {
      name: `${tag} Infusion Pump`,
      manufacturer: 'B. Braun',
      model: 'Infusomat Space',
      location: 'ICU Bed 3',
      installationDate: '2022-03-01',
      category: 'Infusion Pump',
    });
  }

  async task(data: Record<string, unknown>): Promise<TaskDto> {
    const answer = await this.request.post('/api/tasks', { headers: this.headers, data });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { task: TaskDto }).task;
  }

  async plansOf(equipmentId: string): Promise<PmPlanDto[]> {
    const answer = await this.request.get(`/api/maintenance/plans?equipment=${equipmentId}`, {
      headers: this.headers,
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { plans: PmPlanDto[] }).plans;
  }

  async report(equipmentId: string, title: string): Promise<TaskDto> {
    const answer = await this.request.post('/api/maintenance/report', {
      headers: this.headers,
      data: { equipment: equipmentId, title, description: 'Seen at the morning check.', severity: 'High' },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { task: TaskDto }).task;
  }

  async openFaults(equipmentId: string): Promise<OpenFaultPage> {
    const answer = await this.request.get(`/api/equipment/${equipmentId}/open-faults`, {
      headers: this.headers,
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return (await answer.json()) as OpenFaultPage;
  }

  async assign(id: string, assignedTo: string): Promise<void> {
    const answer = await this.request.put(`/api/tasks/${id}`, {
      headers: this.headers,
      data: { assignedTo },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  async recordWork(id: string, data: Record<string, unknown>): Promise<void> {
    const answer = await this.request.put(`/api/tasks/${id}/work`, { headers: this.headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  /** The one task whose title matches `title`, as this person's list has it. */
  async taskTitled(title: string): Promise<TaskDto> {
    const answer = await this.request.get(`/api/tasks?q=${encodeURIComponent(title)}`, {
      headers: this.headers,
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const { tasks } = (await answer.json()) as { tasks: TaskDto[] };
    expect(tasks.map((task) => task.title)).toEqual([title]);
    return tasks[0] as TaskDto;
  }

  /** The role's rate in force today and the hospital currency, as the rates screen reads them. */
  async rateToday(role: Role): Promise<{ currency: string | null; hourlyRate: number | null }> {
    const answer = await this.request.get(`/api/labour-rates?role=${role}`, { headers: this.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    const page = (await answer.json()) as LabourRatePage;
    const rate = page.inForce.find((each) => each.role === role);
    return { currency: page.currency, hourlyRate: rate?.hourlyRate ?? null };
  }

  async changeStatus(id: string, status: string): Promise<void> {
    const answer = await this.request.put(`/api/tasks/${id}/status`, {
      headers: this.headers,
      data: { status },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

async function signIn(page: Page, staff: Staff): Promise<Session> {
  const user = await signInQuickly(page, staff);
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  return { page, staff, userId: user._id, api: new Api(page.request, token ?? '') };
}

/** Engineer and Technician, each in a browser of their own. */
async function engineerAndTechnician(
  browser: Browser,
  use: (engineer: Session, technician: Session) => Promise<void>,
) {
  // Two browsers and a dozen round trips each, on a two-core machine shared with the stack.
  test.slow();
  const contexts = [await browser.newContext(), await browser.newContext()];
  try {
    const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
    const engineer = await signIn(first as Page, addAssignable('Engineer', `Engineer ${marker()}`));
    const technician = await signIn(second as Page, addAssignable('Technician', `Technician ${marker()}`));
    await use(engineer, technician);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/** Chooses a device in an equipment combobox by typing its tag and using the keyboard. */
async function pickEquipment(scope: Page | Locator, tag: string) {
  const combobox = scope.getByRole('combobox', { name: 'Equipment' });
  await combobox.fill(tag);
  await expect(scope.getByRole('option', { name: new RegExp(tag) })).toHaveCount(1);
  await combobox.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-activedescendant', /-option-/);
  await combobox.press('Enter');
  await expect(combobox).toHaveValue(new RegExp(`^${tag} Infusion Pump \\(${tag}-SN\\)$`));
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

test.describe('Task Management', () => {
  test('an Engineer assigns a task: the modal’s validation, the equipment combobox, then the card', async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const { page } = engineer;
      const tag = marker();
      const device = await engineer.api.device(tag);
      await page.goto('/tasks');
      await expect(page.getByText(/^\d+ task\(s\) found$/)).toBeVisible();
      const filter = page.getByLabel('Technician', { exact: true });
      await expect(filter.locator('option').first()).toHaveText('All Technicians');

      await page.getByRole('button', { name: 'Assign Task' }).click();
      const modal = page.getByRole('dialog', { name: 'Assign New Task' });
      await expect(modal.getByLabel('Priority')).toHaveValue('Low');
      await modal.getByRole('button', { name: 'Assign Task' }).click();
      await expect(modal.getByRole('alert')).toHaveText(
        'Please fill in Title, Task Type, Equipment and Due Date',
      );
      await expect(modal.getByLabel('Title')).toBeFocused();
      await expect(modal.getByRole('combobox', { name: 'Equipment' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );

      const title = `${tag} quarterly PM`;
      await modal.getByLabel('Title').fill(title);
      await modal.getByLabel('Description').fill('Clean the pump and test its occlusion alarm.');
      await modal.getByLabel('Task Type').selectOption('Preventive');
      // Preventive work recurs: the modal says it schedules a PM plan.
      await expect(modal.getByText(/^Preventive work recurs: this schedules a PM plan\./)).toBeVisible();
      await pickEquipment(modal, tag);
      await modal.getByLabel('Due Date').fill('2031-03-31');
      await modal.getByRole('button', { name: 'Assign Task' }).click();
      await expect(modal.getByRole('alert')).toHaveText(
        'For Preventive tasks, select PM Type and Periodic Interval.',
      );

      // Escape in the open combobox closes its list, not the dialog.
      const combobox = modal.getByRole('combobox', { name: 'Equipment' });
      await combobox.press('ArrowDown');
      await expect(combobox).toHaveAttribute('aria-expanded', 'true');
      await combobox.press('Escape');
      await expect(combobox).toHaveAttribute('aria-expanded', 'false');
      await expect(modal).toBeVisible();

      await modal.getByLabel('PM Type').selectOption('Cleaning');
      await expect(modal.getByLabel('Periodic Interval').locator('option')).toHaveText([
        'Select interval',
        'Weekly',
        'Monthly',
        'Quarterly',
        'Biannually',
        'Annually',
      ]);
      await modal.getByLabel('Periodic Interval').selectOption('Quarterly');
      await modal.getByLabel('Priority').selectOption('High');
      await modal.getByLabel('Assign To').selectOption({ label: `${technician.staff.name} (Technician)` });
      await modal.getByRole('button', { name: 'Assign Task' }).click();
      await expect(page.getByText(`PM plan scheduled: "${title}" recurs quarterly.`)).toBeVisible();
      await expect(modal).toBeHidden();
      // The task is the first occurrence of a quarterly plan on the device, due on the due date.
      const [plan] = await engineer.api.plansOf(device._id);
      expect(plan).toMatchObject({
        title,
        pmType: 'Cleaning',
        interval: 'Quarterly',
        firstDueDate: '2031-03-31',
        assignedTo: { _id: technician.userId },
      });

      await page.getByLabel('Search').fill(tag);
      await expect(page.getByText(`1 task(s) found matching "${tag}"`)).toBeVisible();
      const card = page.getByRole('article', { name: title });
      await expect(card.locator('.task-card__status')).toContainText('Pending');
      await expect(card).toContainText('Preventive');
      await expect(card).toContainText('Cleaning');
      await expect(card).toContainText('Quarterly');
      await expect(card.locator('.task-priority')).toHaveClass(/task-priority--high/);
      await expect(card).toContainText(`${tag} Infusion Pump (${tag}-SN)`);
      await expect(card).toContainText(technician.staff.name);

      await filter.selectOption({ label: technician.staff.name });
      await expect(
        page.getByText(`1 task(s) found assigned to ${technician.staff.name} matching "${tag}"`),
      ).toBeVisible();
    });
  });

  test('a Technician works a task, a refused change shows the server’s message, an Engineer certifies it live', async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const tag = marker();
      const device = await engineer.api.device(tag);
      const title = `${tag} alarm fault`;
      await engineer.api.task({
        title,
        description: 'Occlusion alarm sounds without cause.',
        taskType: 'Repair',
        priority: 'Urgent',
        equipmentId: device._id,
        assignedTo: technician.userId,
        dueDate: '2030-01-15',
      });

      const { page } = technician;
      await page.goto('/tasks');
      await expect(page.getByLabel('Technician', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Assign Task' })).toHaveCount(0);
      const card = page.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await expect(card.getByRole('button', { name: 'Certify' })).toHaveCount(0);

      await card.getByLabel('Status').selectOption('In Progress');
      await expect(page.getByText('Task status submitted.')).toBeVisible();
      await expect(card.locator('.task-card__status')).toContainText('In Progress');
      await expect(page.getByText('Task status submitted.')).toBeHidden();

      await card.getByLabel('Status').selectOption('Cancelled');
      await expect(card.getByRole('alert')).toHaveText('Only Engineers and Admins cancel tasks.');
      await expect(card.getByLabel('Status')).toHaveValue('In Progress');

      await card.getByRole('button', { name: 'Work Details' }).click();
      const work = page.getByRole('dialog', { name: `Work details: ${title}` });
      await work.getByLabel('Fault Description').fill('Pressure sensor drifted.');
      await work.getByLabel('Repair Details').fill('Replaced the sensor and recalibrated.');
      const parts = work.getByLabel('Spare Parts Used');
      await parts.fill('Pressure sensor x 1 - upstream\nFuse x 0');
      const preview = work.getByRole('region', { name: 'Spare parts preview' });
      await expect(preview).toContainText('Line 2: the quantity must be a whole number from 1 to 10000.');
      let sent = false;
      page.on('request', (request) => {
        if (request.url().endsWith('/work')) sent = true;
      });
      await work.getByRole('button', { name: 'Save Work Details' }).click();
      await expect(work.getByRole('alert')).toHaveText(
        'Correct the spare parts lines shown below before saving.',
      );
      expect(sent).toBe(false);
      await parts.fill('Pressure sensor x 1 - upstream\nFuse 5 A x 2 - mains inlet');
      await expect(preview.locator('tbody tr')).toHaveCount(2);
      await expect(preview).toContainText('mains inlet');
      await work.getByLabel('Labour Hours').fill('1.5');
      await work.getByRole('button', { name: 'Save Work Details' }).click();
      await expect(page.getByText('Work details saved')).toBeVisible();
      await expect(work).toBeHidden();

      // The Engineer's list follows the Technician's changes live.
      await engineer.page.goto(`/tasks?q=${tag}`);
      const engineerCard = engineer.page.getByRole('article', { name: title });
      await expect(engineerCard.locator('.task-card__status')).toContainText('In Progress');
      await card.getByLabel('Status').selectOption('Completed');
      await expect(card.locator('.task-card__status')).toContainText('Awaiting Certification');
      await expect(engineerCard.locator('.task-card__status')).toContainText('Awaiting Certification');

      await engineerCard.getByRole('button', { name: 'Technician Notes' }).click();
      const notes = engineerCard.getByRole('region', { name: 'Technician notes' });
      await expect(notes).toContainText('Pressure sensor drifted.');
      await expect(notes).toContainText('Fuse 5 A');
      await expect(notes).toContainText('1.5 h');

      await engineerCard.getByRole('button', { name: 'Certify' }).click();
      await expect(engineer.page.getByText('Task certified. Equipment updated.')).toBeVisible();
      await expect(engineerCard.locator('.task-card__status')).toContainText(
        `Certified by ${engineer.staff.name}`,
      );
      await expect(card.locator('.task-card__status')).toContainText(`Certified by ${engineer.staff.name}`);
      await expect(card.getByRole('button', { name: 'Work Details' })).toHaveCount(0);
    });
  });

  test('the detail dialog shows every field, the work record, the status history and the audit trail', async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const tag = marker();
      const device = await engineer.api.device(tag);
      const title = `${tag} calibration`;
      const task = await engineer.api.task({
        title,
        description: 'Annual calibration of the flow rate.',
        taskType: 'Calibrate',
        priority: 'Medium',
        equipmentId: device._id,
        assignedTo: technician.userId,
        dueDate: '2030-06-30',
      });
      const { page } = engineer;
      await page.goto(`/tasks?q=${tag}`);
      await page.getByRole('article', { name: title }).getByLabel('Status').selectOption('In Progress');
      await expect(page.getByText('Task status submitted.')).toBeVisible();
      await page
        .getByRole('article', { name: title })
        .getByRole('button', { name: 'Details', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(page).toHaveURL(new RegExp(`task=${task._id}`));
      await expect(dialog).toContainText('Annual calibration of the flow rate.');
      await expect(dialog).toContainText(`${tag} Infusion Pump (${tag}-SN) · ICU · Infusion Pump`);
      await expect(dialog).toContainText(technician.staff.name);
      await expect(dialog.getByRole('heading', { name: 'Work record' })).toBeVisible();
      await expect(dialog.getByText('No work recorded yet.')).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Status history' })).toBeVisible();
      await expect(dialog.locator('.task-timeline').first()).toContainText('In Progress');
      await expect(dialog.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/task=/);
    });
  });

  test("an Engineer reads what the Technician's hours cost; the Technician sees the hours without their price", async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const tag = marker();
      const device = await engineer.api.device(tag);
      const title = `${tag} battery`;
      const task = await engineer.api.task({
        title,
        description: 'The battery does not hold a charge.',
        taskType: 'Repair',
        priority: 'High',
        equipmentId: device._id,
        assignedTo: technician.userId,
        dueDate: '2030-06-30',
      });
      await technician.api.changeStatus(task._id, 'In Progress');
      await technician.api.recordWork(task._id, { repairDetails: 'Battery replaced.', labourHours: 2 });
      // Priced at the Technician rate in force today (the demo hospital has one; another run may
      // have set another currency or rate, so the figures are read, not assumed).
      const { currency, hourlyRate } = await engineer.api.rateToday('Technician');
      // Amounts as the browser's locale writes them, as the screen does.
      const money = (amount: number) =>
        engineer.page.evaluate(
          ([value, code]) =>
            code
              ? new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(value)
              : value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
          [amount, currency] as const,
        );
      const detail = (page: Page) => page.getByRole('dialog', { name: title });
      await engineer.page.goto(`/tasks?task=${task._id}`);
      const cost = detail(engineer.page).locator('.ck-facts__row', { hasText: 'Labour cost' });
      await expect(cost).toContainText(
        hourlyRate === null
          ? 'Not priced: there was no Technician labour rate on'
          : `${await money(2 * hourlyRate)} (the Technician rate of ${await money(hourlyRate)} an hour on`,
      );
      await detail(engineer.page).screenshot({ path: test.info().outputPath('labour-cost.png') });

      await technician.page.goto(`/tasks?task=${task._id}`);
      await expect(detail(technician.page).getByText('Labour hours')).toBeVisible();
      await expect(detail(technician.page).getByText('Labour cost')).toHaveCount(0);
    });
  });

  test('a card showing an older version cannot overwrite a newer change: the message shows and it reloads', async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const tag = marker();
      const device = await engineer.api.device(tag);
      const title = `${tag} stale card`;
      const task = await engineer.api.task({
        title,
        description: 'Check the battery.',
        taskType: 'Inspect',
        priority: 'Low',
        equipmentId: device._id,
        assignedTo: technician.userId,
      });
      const { page } = engineer;
      // Live updates off: the card keeps showing what it read.
      await page.evaluate((key) => localStorage.setItem(key, '0'), STORAGE_KEYS.liveUpdates);
      await page.goto(`/tasks?q=${tag}`);
      const card = page.getByRole('article', { name: title });
      await expect(card.locator('.task-card__status')).toContainText('Pending');

      await technician.api.changeStatus(task._id, 'In Progress');
      await card.getByLabel('Status').selectOption('Completed');
      await expect(card.getByRole('alert')).toHaveText(
        `"${title}" was changed by someone else since you opened it. Reload it and try again.`,
      );
      await expect(card.locator('.task-card__status')).toContainText('In Progress');
      await expect(card.getByLabel('Status')).toHaveValue('In Progress');
    });
  });

  test('a failed list load says so and Retry recovers; the empty state', async ({ page }) => {
    await signIn(page, addAssignable('Engineer', `Engineer ${marker()}`));
    await page.route('**/api/tasks?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/tasks');
    await expect(page.getByRole('alert')).toContainText('Failed to fetch tasks');
    await page.unroute('**/api/tasks?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/task\(s\) found/)).toBeVisible();
    await page.getByLabel('Search').fill('no such task anywhere');
    await expect(page.getByText('No tasks found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters.')).toBeVisible();
  });
});

test.describe('Create New Task', () => {
  test('validates, creates, hands the task on and resets', async ({ page }) => {
    const engineer = await signIn(page, addAssignable('Engineer', `Engineer ${marker()}`));
    const tag = marker();
    await engineer.api.device(tag);
    await page.goto('/add-task');
    const form = page.getByRole('form', { name: 'Create New Task' });
    await expect(form.getByRole('heading', { name: 'Task Details' })).toBeVisible();
    await expect(form.getByRole('heading', { name: 'Assignment' })).toBeVisible();
    await expect(form.getByLabel('Priority')).toHaveValue('Medium');
    await expect(form.getByLabel('Status')).toHaveValue('Pending');
    await expect(form.getByLabel('Assign To').locator('option').first()).toHaveText('Select user');
    await expect(form.getByRole('combobox', { name: 'Equipment' })).toHaveAttribute(
      'placeholder',
      'Select equipment',
    );

    await form.getByRole('button', { name: 'Create Task' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please provide title, priority, and equipment');
    await expect(form.getByLabel('Task Title')).toBeFocused();

    const title = `${tag} install check`;
    await form.getByLabel('Task Title').fill(title);
    await form.getByLabel('Description').fill('Check the new pump before it goes to the ward.');
    await form.getByLabel('Priority').selectOption('Urgent');
    await pickEquipment(form, tag);
    await form.getByLabel('Status').selectOption('In Progress');
    await form.getByRole('button', { name: 'Create Task' }).click();
    await expect(form.getByRole('alert')).toHaveText('Assign the task before starting it.');

    await form.getByLabel('Status').selectOption('Pending');
    await form.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText(`Task “${title}” created for ${tag} Infusion Pump.`)).toBeVisible();
    await expect(form.getByLabel('Task Title')).toHaveValue('');
    await expect(form.getByLabel('Priority')).toHaveValue('Medium');
    await expect(form.getByRole('combobox', { name: 'Equipment' })).toHaveValue('');
    await page.getByRole('link', { name: 'View it in Task Management' }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();

    await page.goto('/add-task');
    await form.getByLabel('Task Title').fill('Something');
    await form.getByRole('button', { name: 'Reset Form' }).click();
    await expect(form.getByLabel('Task Title')).toHaveValue('');

    await page.route('**/api/tasks', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            json: { statusCode: 403, code: 'FORBIDDEN', message: 'Refused here.' },
          })
        : route.continue(),
    );
    await form.getByLabel('Task Title').fill(title);
    await form.getByLabel('Description').fill('Again');
    await pickEquipment(form, tag);
    await form.getByRole('button', { name: 'Create Task' }).click();
    await expect(form.getByRole('alert')).toHaveText('Refused here.');
    await page.unroute('**/api/tasks');
    await page.route('**/api/tasks', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await form.getByRole('button', { name: 'Create Task' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to create task');
  });

  test('tells a Technician that Engineers and Admins create tasks, and points to Report Issue', async ({
    page,
  }) => {
    await signIn(page, addAssignable('Technician', `Technician ${marker()}`));
    await page.goto('/add-task');
    await expect(page.getByText('Only Engineers and Admins create tasks.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Create New Task' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Report Issue' }).click();
    await expect(page.getByRole('heading', { name: 'Report Equipment Issue', exact: true })).toBeVisible();
  });
});

test.describe('Report Equipment Issue', () => {
  test('requires equipment, title and description; reports, alerts and goes to the faults you reported', async ({
    page,
  }) => {
    const technician = await signIn(page, addAssignable('Technician', `Technician ${marker()}`));
    const tag = marker();
    await technician.api.device(tag);
    await page.goto('/report-issue');
    const form = page.getByRole('form', { name: 'Report Equipment Issue' });
    await expect(form.getByLabel('Reported By')).toHaveValue(technician.staff.name);
    await expect(form.getByLabel('Reported By')).toHaveAttribute('readonly', '');
    await expect(form.getByLabel('Severity')).toHaveValue('Medium');
    await expect(form.getByLabel('Severity').locator('option')).toHaveText([
      'Low',
      'Medium',
      'High',
      'Critical',
    ]);

    await form.getByRole('button', { name: 'Report Issue' }).click();
    await expect(form.getByText('Equipment is required.')).toBeVisible();
    await expect(form.getByText('Title is required.')).toBeVisible();
    await expect(form.getByText('Description is required.')).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Equipment' })).toBeFocused();

    await pickEquipment(form, tag);
    await expect(form.getByLabel('Location')).toHaveValue('ICU Bed 3');
    await form.getByLabel('Title').fill(`${tag} will not power on`);
    await form.getByLabel('Description').fill('No display after pressing the power key.');
    await form.getByLabel('Severity').selectOption('High');

    await page.route('**/api/maintenance/report', (route) => route.fulfill({ status: 500, body: '' }));
    await form.getByRole('button', { name: 'Report Issue' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to report issue');
    await page.unroute('**/api/maintenance/report');

    await form.getByRole('button', { name: 'Report Issue' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Issue reported successfully!' })).toBeVisible();
    // Not the spec's /maintenance: the reporter's own reports, where this one heads the list.
    await expect(page).toHaveURL(/\/tasks\?show=reported$/);
    await expect(page.getByText('Showing the faults you reported only, newest first.')).toBeVisible();
    await expect(page.locator('.task-card').first()).toHaveAccessibleName(`${tag} will not power on`);
  });

  test("a Technician follows the fault they reported, read-only, and reads the device's whole maintenance history", async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const tag = marker();
      const device = await engineer.api.device(tag);
      // Earlier work on the device, none of it the Technician's: five tasks, the first one repaired.
      const earlier: string[] = [];
      for (let index = 1; index <= 5; index++) {
        const task = await engineer.api.task({
          title: `${tag} earlier job ${index}`,
          description: 'Routine job',
          taskType: 'Inspect',
          priority: 'Low',
          equipmentId: device._id,
          assignedTo: engineer.userId,
        });
        earlier.push(task.title);
        if (index === 1)
          await engineer.api.recordWork(task._id, {
            faultDescription: 'Occlusion alarm too sensitive',
            repairDetails: 'Recalibrated the pressure sensor',
            sparePartsText: 'Pressure sensor x 1 - OEM',
          });
      }

      // The Technician reports a fault and lands on the faults they reported.
      const { page } = technician;
      const title = `${tag} screen flickers`;
      await page.goto('/report-issue');
      const form = page.getByRole('form', { name: 'Report Equipment Issue' });
      await pickEquipment(form, tag);
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('The display flickers at start-up.');
      await form.getByRole('button', { name: 'Report Issue' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Issue reported successfully!' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/tasks\?show=reported$/);
      const card = page.getByRole('article', { name: title });
      await expect(card.locator('.task-card__status')).toContainText('Reported by you');
      await expect(card).toContainText('You follow this report; an engineer will assign it.');
      await expect(card.getByLabel('Status')).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Work Details' })).toHaveCount(0);

      // Assigned to the Engineer: the card follows without a reload, and stays read-only.
      const reported = await engineer.api.taskTitled(title);
      await engineer.api.assign(reported._id, engineer.userId);
      await expect(card).toContainText(`You follow this report; ${engineer.staff.name} works on it.`);
      await expect(card.getByLabel('Status')).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Work Details' })).toHaveCount(0);
      // It is in their list, not only in this view; its details open.
      await page.getByRole('button', { name: 'Show all tasks' }).click();
      await expect(page).toHaveURL(/\/tasks$/);
      await card.getByRole('button', { name: 'Details' }).click();
      const details = page.getByRole('dialog', { name: title });
      await expect(details).toContainText(technician.staff.name);
      await expect(details).toContainText(engineer.staff.name);
      await page.keyboard.press('Escape');

      // The device's details: every task on it, newest first, five a page.
      await page.goto(`/equipment?q=${tag}`);
      await page
        .getByRole('article', { name: device.name })
        .getByRole('button', { name: device.name })
        .click();
      const history = page
        .getByRole('dialog', { name: device.name })
        .getByRole('region', { name: 'Maintenance history' });
      await expect(history.getByText('6 tasks, newest first.')).toBeVisible();
      const titles = history.locator('.device-maintenance__title');
      await expect(titles).toHaveText([title, ...earlier.slice(1).reverse()]);
      await expect(history).toContainText(`reported by ${technician.staff.name}`);
      await history.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(titles).toHaveText([earlier[0] as string]);
      await expect(history).toContainText('Fault: Occlusion alarm too sensitive');
      await expect(history).toContainText('Repair: Recalibrated the pressure sensor');
      await expect(history).toContainText('Spare parts: Pressure sensor x 1');
      await expect(history).toContainText(`assigned to ${engineer.staff.name}`);
      await expect(history.getByRole('button', { name: /edit|delete|certify/i })).toHaveCount(0);
    });
  });

  test('a second report of an open fault shows it, and is added to it instead of filing a new task', async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, async (engineer, technician) => {
      const tag = marker();
      const device = await engineer.api.device(tag);
      const title = `${tag} occlusion alarm silent`;

      // The Engineer reports the fault: the device had none open, so nothing stands above the form.
      const { page } = engineer;
      await page.goto('/report-issue');
      const form = page.getByRole('form', { name: 'Report Equipment Issue' });
      const hint = page.getByRole('region', { name: /already has an open fault report/ });
      await pickEquipment(form, tag);
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('The alarm stays silent when the line is clamped.');
      await expect(hint).toHaveCount(0);
      await form.getByRole('button', { name: 'Report Issue' }).click();
      await expect(page).toHaveURL(/\/tasks\?show=reported$/);

      // The Technician, who neither reported nor works on it, reports the same device again.
      const witness = technician.page;
      await witness.goto('/report-issue');
      const again = witness.getByRole('form', { name: 'Report Equipment Issue' });
      await pickEquipment(again, tag);
      const shown = witness.getByRole('region', { name: 'This device already has an open fault report' });
      await expect(shown).toContainText(title);
      await expect(shown).toContainText(`by ${engineer.staff.name}`);
      await expect(shown).toContainText('Not assigned yet');
      await again.getByLabel('Description').fill('Silent again on the night round, bed 12.');
      await shown.getByRole('button', { name: 'Add to this report' }).click();
      await expect(shown.getByLabel('What you saw')).toHaveValue('Silent again on the night round, bed 12.');
      await shown.getByRole('button', { name: 'Add my report' }).click();
      await expect(
        witness.getByRole('status').filter({ hasText: `Your report was added to "${title}".` }),
      ).toBeVisible();

      // On the task's page, the report names them; no second task was filed.
      await expect(witness).toHaveURL(/\/tasks\?task=/);
      const details = witness.getByRole('dialog', { name: title });
      await expect(details).toContainText('Also reported by');
      await expect(details).toContainText('Silent again on the night round, bed 12.');
      await expect(details).toContainText(technician.staff.name);
      expect((await engineer.api.openFaults(device._id)).faults).toEqual([
        expect.objectContaining({ title, addedReports: 1 }),
      ]);
      // The Engineer reads it in the task's details too.
      await page.goto(`/tasks?q=${tag}`);
      await expect(page.locator('.task-card')).toHaveCount(1);
      await page
        .getByRole('article', { name: title })
        .getByRole('button', { name: 'Details', exact: true })
        .click();
      await expect(page.getByRole('dialog', { name: title })).toContainText(technician.staff.name);
    });
  });

  test('says when the equipment cannot be loaded', async ({ page }) => {
    await signIn(page, addAssignable('Technician', `Technician ${marker()}`));
    await page.route('**/api/equipment?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/report-issue');
    const combobox = page.getByRole('combobox', { name: 'Equipment' });
    await combobox.fill('pump');
    await expect(page.getByText('Failed to load equipment')).toBeVisible();
  });
});

/**
 * The task screens at desktop and phone width, light and dark, saved under e2e/.results/screens
 * for review: none may scroll sideways.
 */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const theme of ['light', 'dark'] as const) {
  for (const size of WIDTHS) {
    test(`Tasks, a task's details, Create Task and Report Issue, ${theme}, ${size.name}`, async ({
      page,
    }) => {
      test.slow();
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      const shoot = async (screen: string, fullPage = true) => {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/${screen}-${size.name}-${theme}.png`,
          fullPage,
          animations: 'disabled',
        });
      };
      const engineer = await signIn(page, addAssignable('Engineer', 'Abena Osei-Bonsu'));
      const tag = marker();
      const device = await engineer.api.device(tag);

      await page.goto('/tasks');
      await expect(page.getByText(/task\(s\) found/)).toBeVisible();
      await expect(page.locator('.task-card').first()).toBeVisible();
      await shoot('tasks');

      const awaiting = page.locator('.task-card', { hasText: 'Awaiting Certification' }).first();
      const card = (await awaiting.count()) > 0 ? awaiting : page.locator('.task-card').first();
      await card.getByRole('button', { name: 'Technician Notes' }).click();
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `e2e/.results/screens/task-card-notes-${size.name}-${theme}.png` });
      await card.getByRole('button', { name: 'Details', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
      await shoot('task-detail', false);
      await page.keyboard.press('Escape');

      const workable = page.locator('.task-card', {
        has: page.getByRole('button', { name: 'Work Details' }),
      });
      await workable.first().getByRole('button', { name: 'Work Details' }).click();
      const work = page.getByRole('dialog', { name: /^Work details:/ });
      await work.getByLabel('Spare Parts Used').fill('Pressure sensor x 1 - upstream\nFuse x 0\nO-ring x 4');
      await shoot('task-work', false);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Assign Task' }).click();
      const modal = page.getByRole('dialog', { name: 'Assign New Task' });
      await modal.getByLabel('Task Type').selectOption('Preventive');
      // Tapped first, as a person does: React Aria closes an open list when the dialog scrolls,
      // and fill() would scroll the field into view just as its typing opens the list.
      await modal.getByRole('combobox', { name: 'Equipment' }).click();
      await modal.getByRole('combobox', { name: 'Equipment' }).fill('defib');
      await expect(
        modal.getByRole('listbox', { name: 'Equipment' }).getByRole('option').first(),
      ).toBeVisible();
      await modal.getByRole('combobox', { name: 'Equipment' }).press('ArrowDown');
      await shoot('task-assign', false);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.goto('/add-task');
      await page.getByRole('button', { name: 'Create Task' }).click();
      await expect(page.getByText('Please provide title, priority, and equipment')).toBeVisible();
      await shoot('add-task');

      await page.goto('/report-issue');
      await page.getByRole('combobox', { name: 'Equipment' }).fill(tag);
      await expect(page.getByRole('listbox', { name: 'Equipment' }).getByRole('option')).toHaveCount(1);
      await shoot('report-issue');

      // The same device with an open fault: the hint above the form, one report being added to.
      await engineer.api.report(device._id, `${tag} occlusion alarm silent on the night round, bed 12`);
      await page.goto(`/report-issue?equipment=${device._id}`);
      const hint = page.getByRole('region', { name: /already has an open fault report/ });
      await hint.getByRole('button', { name: 'Add to this report' }).click();
      await hint.getByLabel('What you saw').fill('Silent again at 02:40.');
      await shoot('report-issue-open-fault');
    });
  }
}

/** A Technician's screens this role's changes touch, at desktop and phone width, light and dark. */
for (const theme of ['light', 'dark'] as const) {
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 812 },
  ] as const) {
    test(`A reporter's tasks and a device's maintenance history, ${theme}, ${size.name}`, async ({
      browser,
    }) => {
      await engineerAndTechnician(browser, async (engineer, technician) => {
        const { page } = technician;
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.emulateMedia({ colorScheme: theme });
        const tag = marker();
        const device = await engineer.api.device(tag);
        const repair = await engineer.api.task({
          title: `${tag} occlusion alarm too sensitive`,
          description: 'Alarms at normal pressure.',
          priority: 'Medium',
          equipmentId: device._id,
          assignedTo: engineer.userId,
        });
        await engineer.api.recordWork(repair._id, {
          faultDescription: 'Pressure sensor out of calibration',
          repairDetails: 'Recalibrated the downstream pressure sensor and ran the occlusion test.',
          sparePartsText: 'Pressure sensor x 1 - OEM\nO-ring x 2',
        });
        const assigned = await technician.api.report(device._id, `${tag} door latch broken`);
        await engineer.api.assign(assigned._id, engineer.userId);
        await technician.api.report(device._id, `${tag} screen flickers at start-up`);

        await page.goto('/tasks?show=reported');
        await expect(page.locator('.task-card', { hasText: 'Reported by you' })).toHaveCount(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/tasks-reported-${size.name}-${theme}.png`,
          fullPage: true,
          animations: 'disabled',
        });

        await page.goto(`/equipment?q=${tag}`);
        await page
          .getByRole('article', { name: device.name })
          .getByRole('button', { name: device.name })
          .click();
        const history = page
          .getByRole('dialog', { name: device.name })
          .getByRole('region', { name: 'Maintenance history' });
        await expect(history.getByText('3 tasks, newest first.')).toBeVisible();
        // The dialog scrolls inside itself: bring the history's heading to its top, then shoot the view.
        await history.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await page.screenshot({
          path: `e2e/.results/screens/equipment-maintenance-history-${size.name}-${theme}.png`,
          animations: 'disabled',
        });
      });
    });
  }
}

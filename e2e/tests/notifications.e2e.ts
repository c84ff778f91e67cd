import type { Browser, Locator, Page } from '@playwright/test';
import { STORAGE_KEYS, type TaskDto } from '@caliber/contracts';
import { addStaff, expect, signInQuickly, test, type Staff } from '../support/fixtures';
import { accessibilityViolations, describeViolations } from '../support/axe';
import { SceneApi } from '../support/scene-api';

let counter = 0;
const marker = () => `N${Date.now().toString(36)}${++counter}`.toUpperCase();

/** The Engineer's calls that set the scene: a device and an unassigned task on it. */
class Api extends SceneApi {
  device(tag: string): Promise<{ _id: string; name: string; serialNumber: string }> {
    return this.addDevice(tag, {
      name: `${tag} Syringe Pump`,
      manufacturer: 'Fresenius Kabi',
      model: 'Agilia SP',
      location: 'ICU Bed 5',
      installationDate: '2023-01-15',
      category: 'Infusion Pump',
    });
  }

  async unassignedTask(equipmentId: string, title: string): Promise<TaskDto> {
    const answer = await this.request.post('/api/tasks', {
      headers: this.headers,
      data: {
        title,
        description: 'Occlusion alarm sounds late on the bench test.',
        taskType: 'Repair',
        priority: 'Medium',
        equipmentId,
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    const { task } = (await answer.json()) as { task: TaskDto };
    expect(task.assignedTo).toBeNull();
    return task;
  }
}

/** The bell's name says the count: "Notifications, N unread". */
const UNREAD = /^Notifications, (\d+) unread$/;

/** The top bar's bell, whatever its count. */
const bellOf = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** The unread count the bell's name says, once its list has answered. */
async function unreadCount(page: Page): Promise<number> {
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName(UNREAD);
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(UNREAD.exec(name)?.[1]);
}

/** An Engineer and a Technician (both approved to receive tasks), each in a browser of their own. */
async function engineerAndTechnician(
  browser: Browser,
  viewport: { width: number; height: number },
  use: (engineer: { page: Page; api: Api }, technician: { page: Page; staff: Staff }) => Promise<void>,
): Promise<void> {
  // Two browsers on a two-core machine shared with the whole stack.
  test.slow();
  const contexts = [
    await browser.newContext({ viewport, colorScheme: 'light' }),
    await browser.newContext({ viewport, colorScheme: 'light' }),
  ];
  try {
    const [engineerPage, technicianPage] = (await Promise.all(
      contexts.map((context) => context.newPage()),
    )) as [Page, Page];
    const tag = marker();
    await signInQuickly(engineerPage, addStaff('Engineer', `Engineer ${tag}`, { preApproved: true }));
    const token = await engineerPage.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const staff = addStaff('Technician', `Technician ${tag}`, { preApproved: true });
    await signInQuickly(technicianPage, staff);
    await use(
      { page: engineerPage, api: new Api(engineerPage.request, token ?? '') },
      { page: technicianPage, staff },
    );
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}

/**
 * The page with the bell's panel open: axe finds nothing (the panel, its list and the page under
 * it), and it is saved under e2e/.results/screens for review.
 */
async function checkPanel(page: Page, name: string): Promise<void> {
  const violations = await accessibilityViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `e2e/.results/screens/${name}.png`, animations: 'disabled' });
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * The bell, end to end: a Technician has Caliber open on another screen; an Engineer assigns them
 * a task on its card; the Technician's bell counts one more without a reload, its panel names the
 * task, and the notification opens that task and is read. Other tests share the stack, so the
 * count is compared with what it was, never taken as an absolute.
 */
for (const size of SIZES) {
  test(`an Engineer assigns a task: the Technician's bell counts it live and opens the task, ${size.name}`, async ({
    browser,
  }) => {
    await engineerAndTechnician(browser, size, async (engineer, technician) => {
      const { page } = technician;
      const tag = marker();
      const device = await engineer.api.device(tag);
      const title = `${tag} occlusion alarm late`;
      const task = await engineer.api.unassignedTask(device._id, title);

      // The Technician is on another screen, connected for live updates (the indicator is drawn
      // only on a wide screen, but is there at every width).
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
      await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeAttached();
      const before = await unreadCount(page);
      // Marks this page load: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { bellStayed: true }));

      // The Engineer assigns the task to the Technician on its card.
      await engineer.page.goto(`/tasks?q=${tag}`);
      const card = engineer.page.getByRole('article', { name: title });
      await expect(card).toContainText('Unassigned');
      await card.getByLabel('Assignee').selectOption({ label: technician.staff.name });
      await expect(engineer.page.getByText('Task assigned successfully!')).toBeVisible();

      // The Technician's bell counts it, on the same page load.
      const bell = bellOf(page);
      await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 15_000 });
      expect(await page.evaluate(() => (window as { bellStayed?: boolean }).bellStayed)).toBe(true);

      await bell.click();
      await expect(bell).toHaveAttribute('aria-expanded', 'true');
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const item = panel.getByRole('link', { name: new RegExp(`Task assigned to you: ${title}`) });
      await expect(item).toBeVisible();
      await expect(item).toContainText(`Unread: Task assigned to you: ${title}`);
      await expect(item).toContainText(`${device.name} (SN ${device.serialNumber}), ICU. Priority Medium.`);

      if (size.name === 'phone') {
        // The panel is a sheet within the phone's width: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        const box = await panel.boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(size.width);
        await expect(item).toBeInViewport();
      }
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await checkPanel(page, `notifications-${size.name}-light`);

      // The same panel in the dark theme (chosen when the app loads: the page is loaded again).
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
      await bell.click();
      await expect(item).toBeVisible();
      await checkPanel(page, `notifications-${size.name}-dark`);

      // The notification opens its task, and is read.
      await item.click();
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/tasks\\?task=${task._id}$`));
      const details = page.getByRole('dialog', { name: title });
      await expect(details).toContainText('Occlusion alarm sounds late on the bench test.');
      await expect(details).toContainText(technician.staff.name);
      await expect(bell).toHaveAccessibleName(`Notifications, ${before} unread`);

      // Back from the task, the panel shows it read.
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
      await bell.click();
      await expect(
        panel.getByRole('link', { name: new RegExp(`Task assigned to you: ${title}`) }),
      ).not.toContainText('Unread:');
    });
  });
}

import { STORAGE_KEYS, TASK_SEARCH_COUNT_LIMIT } from '@caliber/contracts';
import { Pool } from 'pg';
import { addStaff, expect, signInQuickly, test } from '../support/fixtures';
import { e2eValue } from '../support/environment';

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A search matching more tasks than it counts: the Tasks page says "More than 1000", shows the
 * newest matches, and gives no breakdown by status it did not count. Saved at desktop and phone
 * width, light and dark, for review: none may scroll sideways.
 */
test('a search with more matches than it counts says "more than", light and dark, desktop and phone', async ({
  page,
}) => {
  test.slow();
  const word = `probe${Date.now().toString(36)}`;
  await signInQuickly(page, addStaff('Engineer', 'Abena Osei-Bonsu', { preApproved: true }));
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const headers = { authorization: `Bearer ${token ?? ''}` };
  const device = await page.request.post('/api/equipment', {
    headers,
    data: {
      name: `${word} Infusion Pump`,
      manufacturer: 'B. Braun',
      model: 'Infusomat Space',
      serialNumber: `${word}-SN`,
      department: 'ICU',
      location: 'ICU Bed 3',
      installationDate: '2022-03-01',
      status: 'Serviceable',
      category: 'Infusion Pump',
    },
  });
  expect(device.status(), await device.text()).toBe(201);
  const created = await page.request.post('/api/tasks', {
    headers,
    data: {
      title: `${word} check`,
      description: 'Probe cable frayed',
      taskType: 'Repair',
      priority: 'Medium',
      equipmentId: ((await device.json()) as { _id: string })._id,
      dueDate: '2030-01-31',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const taskId = ((await created.json()) as { task: { _id: string } }).task._id;

  // As many older copies as the search counts, written in the database: nobody types a thousand
  // tasks, and this search has not been asked yet, so nothing kept is stale.
  const { DATABASE_URL } = JSON.parse(e2eValue('serviceEnv')) as { DATABASE_URL: string };
  const pool = new Pool({ connectionString: DATABASE_URL, max: 1 });
  try {
    const [{ list }] = (
      await pool.query<{ list: string }>(
        `SELECT string_agg(quote_ident("column_name"), ', ') AS "list" FROM "information_schema"."columns"
          WHERE "table_schema" = 'maintenance' AND "table_name" = 'tasks' AND "is_generated" = 'NEVER'
            AND "column_name" NOT IN ('id', 'created_at')`,
      )
    ).rows as [{ list: string }];
    await pool.query(
      `INSERT INTO "maintenance"."tasks" ("id", "created_at", ${list})
       SELECT gen_random_uuid(), now() - make_interval(secs => copy), ${list}
         FROM "maintenance"."tasks", generate_series(1, $2) AS copy WHERE "id" = $1`,
      [taskId, TASK_SEARCH_COUNT_LIMIT],
    );
  } finally {
    await pool.end();
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/tasks?q=${word}`);
      await expect(
        page.getByText(`More than ${TASK_SEARCH_COUNT_LIMIT} task(s) found matching "${word}"`),
      ).toBeVisible();
      await expect(page.getByText(`Showing 1-8 of more than ${TASK_SEARCH_COUNT_LIMIT}`)).toBeVisible();
      await expect(
        page.getByText('Too many matches to count by status: add words to narrow the search.'),
      ).toBeVisible();
      await expect(page.locator('.task-card')).toHaveCount(8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `/tmp/lists-search-count-${size.name}-${theme}.png`, fullPage: false });
    }
  }
});

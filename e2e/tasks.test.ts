import { describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import {
  chooseLanguage,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  toastRegion,
  trackErrors,
  useServerAndBrowser,
} from './harness';

/** What the board's drag and drop last told a screen reader (dnd-kit's live region). */
const dragAnnouncement = (page: Page) => page.locator('[id^="DndLiveRegion"]').textContent();
/**
 * Lets the page run the tasks it queued so far: dnd-kit's keyboard sensor starts listening for the
 * drop key in a zero-delay timeout after a pick-up, which runs before this one (same delay, in order).
 */
const pageTasksRun = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

type Tech = { id: number; firstName: string };

async function workshop(): Promise<{ context: BrowserContext; page: Page; errors: string[]; techs: Tech[] }> {
  const context = await newContext(env.browser, env.server.url);
  const errors = trackErrors(context);
  await registerViaApi(context, newAccount('board'), { completeOnboarding: true });
  const skill = await context.request.post('/api/skills', { data: { name: 'Brakes' } });
  const skillId = ((await skill.json()) as { id: number }).id;
  const techs: Tech[] = [];
  for (const [firstName, location] of [
    ['Alice', 'Bay 1'],
    ['Bruno', 'Bay 2'],
  ]) {
    const res = await context.request.post('/api/technicians', {
      data: {
        firstName,
        lastName: 'Tech',
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '+15550101',
        title: 'Mechanic',
        skills: [skillId],
        location,
        rating: 4.5,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    techs.push((await res.json()) as Tech);
  }
  return { context, page: await context.newPage(), errors, techs };
}

async function createTask(request: APIRequestContext, data: Record<string, unknown>): Promise<{ id: number; title: string }> {
  const res = await request.post('/api/tasks', { data: { priority: 'medium', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; title: string };
}

/** A second signed-in person of the same workshop (a manager made by the admin). */
async function colleague(admin: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const account = newAccount('dispatch');
  const created = await admin.request.post('/api/users', {
    data: {
      username: account.username,
      firstName: 'Dana',
      lastName: 'Dispatch',
      email: account.email,
      role: 'manager',
      password: account.password,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await newContext(env.browser, env.server.url);
  expect((await context.request.post('/api/login', { data: { username: account.username, password: account.password } })).status()).toBe(
    200,
  );
  const changed = await context.request.post('/api/user/password', {
    data: { currentPassword: account.password, newPassword: 'dispatch-pass-123' },
  });
  expect(changed.status(), await changed.text()).toBe(204);
  await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
  return { context, page: await context.newPage() };
}

const column = (page: Page, tech: Tech) => page.locator(`[data-testid="board-column"][data-technician-id="${tech.id}"]`);
const boardTask = (scope: Page | Locator, title: string) => scope.getByTestId('board-task').filter({ hasText: title });

async function mouseDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('task board', () => {
  it('creates a task, assigns it by mouse and keyboard, sends notifications, and updates a colleague live', async () => {
    const { context, page, errors, techs } = await workshop();
    const [alice, bruno] = techs;
    const other = await colleague(context);
    const otherErrors = trackErrors(other.context);
    await page.goto('/tasks');
    await other.page.goto('/tasks');
    await page.getByTestId('board').waitFor();
    await other.page.getByTestId('board').waitFor();
    expect(await page.getByText('Assign and track task progress').isVisible()).toBe(true);
    expect(await page.getByText('No unassigned tasks').isVisible()).toBe(true);

    // New Task.
    await page.getByTestId('new-task').click();
    const form = page.getByTestId('new-task-dialog');
    await form.getByTestId('submit-task').click();
    await form.getByText('Title is required').waitFor();
    await form.getByLabel('Title').fill('Replace brake pads');
    await form.getByLabel('Description').fill('Front axle, customer waiting.');
    await form.locator('#new-task-priority').click();
    await page.getByRole('option', { name: 'High' }).click();
    await form.locator('#new-task-skill').click();
    await page.getByRole('option', { name: 'Brakes' }).click();
    await form.getByLabel('Estimated Hours').fill('2');
    await form.getByLabel('Due Date').fill('2030-05-20');
    await screenshot(page, 'tasks-new-desktop-en');
    await form.getByTestId('submit-task').click();
    await toastRegion(page).getByText('Task Created').waitFor();
    const panel = page.getByTestId('unassigned-panel');
    await boardTask(panel, 'Replace brake pads').waitFor();

    // The colleague's board shows it without a reload, with the real-time toast.
    await boardTask(other.page.getByTestId('unassigned-panel'), 'Replace brake pads').waitFor();
    await toastRegion(other.page).getByText('Real-time Update').waitFor();
    expect(await toastRegion(other.page).getByText('Tasks have been updated').isVisible()).toBe(true);
    // ...but not on the page that made the change.
    expect(await toastRegion(page).getByText('Real-time Update').count()).toBe(0);

    // Drag with the mouse onto Alice.
    await mouseDrag(page, boardTask(panel, 'Replace brake pads'), column(page, alice));
    const confirm = page.getByTestId('assigned-dialog');
    await confirm.getByText('Task Assigned Successfully').waitFor();
    expect(await confirm.getByText('The task has been assigned to the technician').isVisible()).toBe(true);
    expect(await confirm.getByRole('switch', { name: 'Email' }).getAttribute('aria-checked')).toBe('true');
    expect(await confirm.getByRole('switch', { name: 'SMS' }).getAttribute('aria-checked')).toBe('true');
    expect(await confirm.getByRole('switch', { name: 'Push notification' }).getAttribute('aria-checked')).toBe('false');
    await screenshot(page, 'tasks-assigned-desktop-en');
    await confirm.getByRole('button', { name: 'Confirm & Send' }).click();
    await toastRegion(page).getByText('Notifications Sent').waitFor();
    expect(await toastRegion(page).textContent()).toContain('Sent via: Email');
    await boardTask(column(page, alice), 'Replace brake pads').waitFor();
    expect(await column(page, alice).getByTestId('column-count').textContent()).toBe('1 tasks assigned');
    await boardTask(column(other.page, alice), 'Replace brake pads').waitFor();

    // With the keyboard: Space picks it up, an arrow moves to Bruno, Space drops it.
    const item = boardTask(column(page, alice), 'Replace brake pads');
    await item.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dragAnnouncement(page)).toMatch(/Picked up task Replace brake pads\.|Task Replace brake pads is over Alice/);
    await pageTasksRun(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => column(page, bruno).getAttribute('data-over')).toBe('true');
    await page.keyboard.press('Space');
    await confirm.getByText('Task Assigned Successfully').waitFor();
    expect(await confirm.textContent()).toContain('Bruno Tech');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await boardTask(column(page, bruno), 'Replace brake pads').waitFor();
    await boardTask(column(other.page, bruno), 'Replace brake pads').waitFor();

    // Dropping on the same technician does nothing.
    await boardTask(column(page, bruno), 'Replace brake pads').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => dragAnnouncement(page)).toMatch(/Picked up task Replace brake pads\.|Task Replace brake pads is over Bruno/);
    await pageTasksRun(page);
    await page.keyboard.press('Space');
    await expect.poll(() => dragAnnouncement(page)).toContain('Task Replace brake pads was dropped on Bruno Tech.');
    // The drop was handled (the board's own announcement) and asked for no assignment.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('assigned-dialog').count()).toBe(0);

    // A closed task cannot be assigned: "Assignment Failed" with the server's reason.
    const closed = await createTask(context.request, { title: 'Old inspection' });
    expect((await context.request.put(`/api/tasks/${closed.id}`, { data: { status: 'cancelled' } })).status()).toBe(200);
    await boardTask(panel, 'Old inspection').waitFor();
    await mouseDrag(page, boardTask(panel, 'Old inspection'), column(page, alice));
    await toastRegion(page).getByText('Assignment Failed').waitFor();
    expect(await toastRegion(page).textContent()).toContain('cannot be assigned');
    await boardTask(panel, 'Old inspection').waitFor();

    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
    await Promise.all([other.context.close(), context.close()]);
  });

  it('shows every detail of a task, edits it, suggests technicians, assigns, and marks it complete', async () => {
    const { context, page, errors, techs } = await workshop();
    const [alice] = techs;
    const first = await createTask(context.request, {
      title: 'Diagnose ABS light',
      skillRequired: 'Brakes',
      location: 'Bay 1',
      estimatedHours: 2,
    });
    const second = await createTask(context.request, {
      title: 'Bleed brakes',
      dependencies: [first.id],
      technicianId: alice.id,
      estimatedHours: 1,
    });
    await page.goto('/tasks');
    await page.getByTestId('board').waitFor();

    // The unassigned task: suggestions, Best Match, reasons, percent; Assign once chosen.
    await boardTask(page.getByTestId('unassigned-panel'), 'Diagnose ABS light').click();
    const detail = page.getByTestId('task-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(`Task #${first.id}`);
    expect(await detail.getByTestId('task-due').textContent()).toContain('No due date');
    expect(await detail.getByTestId('task-assignee').textContent()).toContain('Not assigned');
    expect(await detail.getByText('No files yet').isVisible()).toBe(true);
    const suggestions = detail.getByTestId('suggestion');
    await suggestions.first().waitFor();
    expect(await suggestions.count()).toBe(2);
    const best = await suggestions.first().textContent();
    expect(best).toContain('Alice Tech');
    expect(best).toContain('Best Match');
    expect(best).toContain('Skill match');
    expect(best).toContain('Same location');
    expect(best).toContain('High rating');
    // 40 skill + 20 workload (one active task) + 20 location + 4.5 × 2 rating + 10 active.
    expect(best).toContain('99%');
    expect(await detail.getByTestId('assign-task').isDisabled()).toBe(true);
    expect(await detail.getByText('Please select a technician').first().isVisible()).toBe(true);
    await screenshot(page, 'tasks-detail-desktop-en');
    await suggestions.first().click();
    expect(await detail.getByTestId('assign-task').isDisabled()).toBe(false);
    await detail.getByTestId('assign-task').click();
    await page.getByTestId('assigned-dialog').getByText('Task Assigned Successfully').waitFor();
    await page.getByTestId('assigned-dialog').getByRole('button', { name: 'Close' }).click();
    await boardTask(column(page, alice), 'Diagnose ABS light').waitFor();

    // The dependent task says what it waits for and cannot be completed yet.
    await boardTask(column(page, alice), 'Bleed brakes').click();
    await detail.waitFor();
    expect(await detail.getByTestId('task-dependencies').textContent()).toContain(`Depends on: Task #${first.id}`);
    await detail.getByTestId('mark-complete').click();
    await toastRegion(page).getByText('Error', { exact: true }).waitFor();
    expect(await toastRegion(page).textContent()).toContain('Diagnose ABS light');
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    await detail.waitFor({ state: 'detached' });

    // Read-only until Edit; Save only when something changed.
    await boardTask(column(page, alice), 'Diagnose ABS light').click();
    await detail.waitFor();
    expect(await detail.getByLabel('Actual Hours').getAttribute('readonly')).not.toBeNull();
    expect(await detail.getByTestId('save-task').isDisabled()).toBe(true);
    await detail.getByTestId('edit-task').click();
    expect(await detail.getByTestId('save-task').isDisabled()).toBe(true);
    await detail.locator('#task-status').click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await detail.getByLabel('Actual Hours').fill('2.5');
    await detail.getByLabel('Scheduled Date').fill('2030-05-21');
    await detail.getByLabel('Scheduled Time').fill('09:30');
    await detail.getByLabel('Internal Notes').fill('Sensor connector corroded.');
    expect(await detail.getByTestId('task-efficiency').textContent()).toContain('80%');
    expect(await detail.getByTestId('save-task').isDisabled()).toBe(false);
    await detail.getByTestId('save-task').click();
    await toastRegion(page).getByText('Task updated successfully').waitFor();
    expect(await detail.getAttribute('data-editing')).toBe('false');
    const saved = (await (await context.request.get(`/api/tasks/${first.id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ status: 'in_progress', actualHours: 2.5, notes: 'Sensor connector corroded.' });
    expect(saved.scheduledDate).toBe('2030-05-21T09:30:00.000Z');

    // Attach a photo, then complete.
    await detail
      .getByTestId('attachment-input')
      .setInputFiles({ name: 'sensor.png', mimeType: 'image/png', buffer: Buffer.alloc(2048, 1) });
    await detail.getByTestId('attachment').filter({ hasText: 'sensor.png' }).waitFor();
    expect(await detail.getByTestId('attachment').textContent()).toContain('0.0 MB');
    await detail.getByTestId('mark-complete').click();
    await toastRegion(page).getByText('Task completed successfully').waitFor();
    await detail.getByTestId('mark-complete').waitFor({ state: 'detached' });
    expect(await detail.textContent()).toContain('Completed');
    expect(((await (await context.request.get(`/api/tasks/${second.id}`)).json()) as { status: string }).status).toBe('assigned');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows skeletons then the empty board, and renders right to left in Arabic and on a phone', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('empty'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/tasks');
    await page.getByTestId('board-empty').waitFor();
    expect(await page.getByText('No Technicians').isVisible()).toBe(true);
    expect(await page.getByText('Add technicians to assign tasks').isVisible()).toBe(true);

    const skill = (await (await context.request.post('/api/skills', { data: { name: 'تكييف' } })).json()) as { id: number };
    const tech = await context.request.post('/api/technicians', {
      data: {
        firstName: 'Samir',
        lastName: 'Nabil',
        email: 'samir@example.com',
        phone: '+15550102',
        title: 'فني تكييف',
        skills: [skill.id],
      },
    });
    const techId = ((await tech.json()) as { id: number }).id;
    await createTask(context.request, { title: 'فحص المكيف', technicianId: techId, dueDate: '2030-06-01T12:00:00Z' });
    await createTask(context.request, { title: 'تغيير الزيت', priority: 'urgent' });
    await chooseLanguage(page, 'ar');
    await page.goto('/tasks');
    await page.getByTestId('board').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByText('المهام المسندة حسب الفني').isVisible()).toBe(true);
    const panelBox = (await page.getByTestId('unassigned-panel').boundingBox())!;
    const boardBox = (await page.getByTestId('board').boundingBox())!;
    expect(panelBox.x).toBeGreaterThan(boardBox.x);
    await screenshot(page, 'tasks-desktop-ar');

    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto('/tasks');
    await phonePage.getByTestId('board').waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phonePage, 'tasks-phone-en');
    await chooseLanguage(phonePage, 'ar');
    await phonePage.reload();
    await phonePage.getByTestId('board').waitFor();
    await screenshot(phonePage, 'tasks-phone-ar');
    expect(errors).toEqual([]);
    await Promise.all([phone.close(), context.close()]);
  });
});

import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page, Route } from 'playwright-core';
import {
  chooseLanguage,
  forgetView,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  trackErrors,
  useServerAndBrowser,
  waitForPath,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function post<T>(request: APIRequestContext, url: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** yyyy-MM-dd plus n days. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Today in Dubai (UTC+4, no daylight saving): the workshop's time zone in this test; the browser runs in UTC. */
const dubaiToday = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
/** The Monday of the week holding a day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

const event = (page: Page, kind: string, id: number) =>
  page.locator(`[data-testid="schedule-event"][data-kind="${kind}"][data-id="${id}"]`);
/** Horizontal page overflow: the page must never scroll sideways. */
const pageOverflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('schedule screen', () => {
  it("shows each technician's week and day in the workshop's time zone, marks and counts overlapping work, follows live changes, in Arabic right to left and on a phone", async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('sched'), { completeOnboarding: true });
    const settings = await (await context.request.get('/api/tenant/settings')).json();
    expect((await context.request.put('/api/tenant/settings', { data: { ...settings, timeZone: 'Asia/Dubai' } })).status()).toBe(200);

    // No technicians yet: the empty state points to the Technicians screen.
    const page = await context.newPage();
    await page.goto('/schedule');
    await page.getByTestId('schedule-empty').getByText('No technicians yet').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Schedule');

    // A technician with a login (so their shift shows), and a second one.
    const account = newAccount('tech');
    const user = await post<{ id: number }>(context.request, '/api/users', {
      username: account.username,
      firstName: 'Tariq',
      lastName: 'Aziz',
      email: account.email,
      role: 'technician',
      password: account.password,
    });
    const skill = await post<{ id: number }>(context.request, '/api/skills', { name: 'Brakes' });
    const tariq = await post<{ id: number }>(context.request, '/api/technicians', {
      firstName: 'Tariq',
      lastName: 'Aziz',
      email: 'tariq@example.com',
      phone: '+971500000001',
      title: 'Mechanic',
      skills: [skill.id],
      userId: user.id,
    });
    const lina = await post<{ id: number }>(context.request, '/api/technicians', {
      firstName: 'Lina',
      lastName: 'Haddad',
      email: 'lina@example.com',
      phone: '+971500000002',
      title: 'Electrician',
      skills: [skill.id],
    });

    // Tuesday of next week (Dubai): a booking 10:00-11:00 and an appointment 10:30-11:00 overlap; a task 14:00-15:00 does not; a shift 08:00-16:00.
    const thisWeek = mondayOf(dubaiToday());
    const nextWeek = addDays(thisWeek, 7);
    const day = addDays(nextWeek, 1);
    const omar = await post<{ id: number }>(context.request, '/api/customers', {
      firstName: 'Omar',
      lastName: 'Khalil',
      phone: '+971501234567',
    });
    const car = await post<{ id: number }>(context.request, '/api/vehicles', {
      customerId: omar.id,
      make: 'Toyota',
      model: 'Corolla',
      year: 2022,
      plateNumber: 'DXB-100',
    });
    const booking = await post<{ id: number; conflicts: unknown[] }>(context.request, '/api/service-bookings', {
      customerId: omar.id,
      vehicleId: car.id,
      serviceType: 'Brake pads',
      scheduledDate: `${day}T06:00:00.000Z`,
      technicianId: tariq.id,
      duration: 60,
    });
    const me = (await (await context.request.get('/api/user')).json()) as { tenantId: number };
    const appointment = await post<{ id: number; appointmentNumber: string; conflicts: unknown[] }>(
      context.request,
      `/api/tenants/${me.tenantId}/appointments`,
      {
        customerName: 'Sara Nasser',
        customerPhone: '+971501112233',
        serviceType: 'oil_change',
        scheduledDate: day,
        scheduledTime: '10:30',
        duration: 30,
        assignedTo: tariq.id,
      },
    );
    expect(appointment.conflicts).toHaveLength(1);
    const task = await post<{ id: number }>(context.request, '/api/tasks', {
      title: 'Road test',
      technicianId: tariq.id,
      scheduledDate: `${day}T10:00:00.000Z`,
      estimatedHours: 1,
    });
    const shift = await post<{ id: number }>(context.request, '/api/shifts', { name: 'Morning', startTime: '08:00', endTime: '16:00' });
    const assignment = await post<{ id: number }>(context.request, '/api/shift-assignments', {
      shiftId: shift.id,
      userId: user.id,
      date: day,
    });

    // This week: the skeleton while the schedule loads (the answer held back, then let through), then nothing scheduled.
    // Rendered by the browser: one the server rendered comes with the schedule.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/schedule?*', async (route: Route) => {
      await held;
      await route.continue();
    });
    await forgetView(page);
    await page.reload();
    await page.getByTestId('schedule-skeleton').waitFor();
    release!();
    await page.getByTestId('schedule-empty').getByText('Nothing scheduled this week').waitFor();
    await page.unroute('**/api/schedule?*');
    expect(await page.getByTestId('schedule-today').isDisabled()).toBe(true);

    // Next week: the grid, a row per technician, the three pieces of work and the shift, in Dubai time.
    await page.getByTestId('schedule-next').click();
    await page.getByTestId('schedule-week').waitFor();
    expect(await page.getByTestId('schedule-page').getAttribute('data-from')).toBe(nextWeek);
    expect(new URL(page.url()).searchParams.get('date')).toBe(addDays(dubaiToday(), 7));
    expect(await page.getByTestId('schedule-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-technician-id')))).toEqual([
      String(lina.id),
      String(tariq.id),
    ]);
    expect(await page.getByTestId('day-column').evaluateAll((cols) => cols.map((c) => c.getAttribute('data-day')))).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(nextWeek, i)),
    );
    const cell = page.locator(
      `[data-testid="schedule-row"][data-technician-id="${tariq.id}"] [data-testid="schedule-cell"][data-day="${day}"]`,
    );
    expect(await cell.getByTestId('schedule-event').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual([
      'shift',
      'booking',
      'appointment',
      'task',
    ]);
    expect(await event(page, 'booking', booking.id).textContent()).toContain('10:00–11:00');
    expect(await event(page, 'booking', booking.id).textContent()).toContain('Brake pads');
    expect(await event(page, 'appointment', appointment.id).textContent()).toContain(
      `10:30–11:00${appointment.appointmentNumber} · Sara Nasser`,
    );
    expect(await event(page, 'task', task.id).textContent()).toContain('14:00–15:00Road test');
    expect(await event(page, 'shift', assignment.id).textContent()).toContain('Morning 08:00–16:00');
    // The two overlapping pieces are marked (red ring, warning sign named "Conflict"); the task and the shift are not.
    expect(await event(page, 'booking', booking.id).getAttribute('data-conflict')).toBe('true');
    expect(await event(page, 'appointment', appointment.id).getAttribute('data-conflict')).toBe('true');
    expect(await event(page, 'task', task.id).getAttribute('data-conflict')).toBe('false');
    expect(await event(page, 'shift', assignment.id).getAttribute('data-conflict')).toBe('false');
    expect(await event(page, 'booking', booking.id).getByRole('img', { name: 'Conflict' }).isVisible()).toBe(true);
    expect(await event(page, 'task', task.id).getByRole('img', { name: 'Conflict' }).count()).toBe(0);
    expect(await page.getByRole('img', { name: 'Conflict' }).count()).toBe(2);
    expect(await page.getByTestId('conflict-count').textContent()).toBe('2 conflicts this week');
    expect(await page.getByTestId('schedule-legend').textContent()).toContain('BookingAppointmentTaskShift');
    expect(await page.getByTestId('schedule-time-zone').textContent()).toContain('Asia/Dubai');
    expect(await page.getByTestId('schedule-range').textContent()).toMatch(/\d{4}$/);
    await screenshot(page, 'schedule-week-desktop-en');

    // Live: work added elsewhere appears without a reload.
    const later = await post<{ id: number }>(context.request, '/api/tasks', {
      title: 'Wiring check',
      technicianId: lina.id,
      scheduledDate: `${day}T05:00:00.000Z`,
      estimatedHours: 2,
    });
    await event(page, 'task', later.id).waitFor();
    expect(await event(page, 'task', later.id).getAttribute('data-conflict')).toBe('false');

    // The day view of that day (from its heading): hours across, the overlapping work in two lanes.
    await page.locator(`[data-testid="open-day"][data-day="${day}"]`).click();
    await page.getByTestId('schedule-day').waitFor();
    expect(await page.getByTestId('schedule-page').getAttribute('data-view')).toBe('day');
    const longDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
    expect(await page.getByTestId('schedule-range').textContent()).toBe(longDay);
    expect(await page.getByTestId('schedule-day').getAttribute('data-hours')).toBe('7-19');
    expect(await page.getByTestId('conflict-count').textContent()).toBe('2 conflicts on this day');
    const box = async (kind: string, id: number) => (await event(page, kind, id).boundingBox())!;
    const [b, a, k, s] = [
      await box('booking', booking.id),
      await box('appointment', appointment.id),
      await box('task', task.id),
      await box('shift', assignment.id),
    ];
    expect(b.x).toBeLessThan(a.x); // 10:00 before 10:30, left to right
    expect(a.x).toBeLessThan(k.x);
    expect(Math.abs(a.y - b.y)).toBeGreaterThan(20); // overlapping: one lane above the other
    expect(s.x).toBeLessThan(b.x); // the shift starts at 08:00
    expect(s.x + s.width).toBeGreaterThan(k.x + k.width); // and ends after the task
    const axis = async (hour: number) => (await page.locator(`[data-testid="hour-label"][data-hour="${hour}"]`).boundingBox())!.x;
    expect(await axis(7)).toBeLessThan(await axis(8));
    await screenshot(page, 'schedule-day-desktop-en');

    // Previous and next day; back to the week; today.
    await page.getByTestId('schedule-previous').click();
    await page.getByTestId('schedule-empty').getByText('Nothing scheduled on this day').waitFor();
    expect(await page.getByTestId('schedule-page').getAttribute('data-from')).toBe(addDays(day, -1));
    await page.getByTestId('schedule-next').click();
    await event(page, 'booking', booking.id).waitFor();
    await page.getByTestId('view-week').click();
    await page.getByTestId('schedule-week').waitFor();
    expect(await page.getByTestId('schedule-page').getAttribute('data-from')).toBe(nextWeek);
    await page.getByTestId('schedule-previous').click();
    await page.getByTestId('schedule-empty').waitFor();
    expect(await page.getByTestId('schedule-page').getAttribute('data-from')).toBe(thisWeek);
    await page.getByTestId('schedule-next').click();
    await event(page, 'booking', booking.id).waitFor();
    await page.getByTestId('schedule-today').click();
    await page.getByTestId('schedule-empty').waitFor();
    expect(new URL(page.url()).search).toBe('');

    // A network failure shows the error text in place of the grid; Retry loads it (rendered by the browser).
    await page.route('**/api/schedule?*', (route) => route.abort());
    await forgetView(page);
    await page.goto(`/schedule?date=${day}`);
    await page.getByTestId('schedule-error').getByText('Error loading the schedule').waitFor();
    await page.unroute('**/api/schedule?*');
    await page.getByTestId('schedule-error').getByRole('button', { name: 'Try again' }).click();
    await event(page, 'booking', booking.id).waitFor();

    // A piece of work opens its own screen.
    await event(page, 'booking', booking.id).click();
    await waitForPath(page, '/bookings');
    await page.goBack();
    await event(page, 'task', task.id).click();
    await waitForPath(page, '/tasks');

    // Arabic: the days and the hours run from the right.
    await chooseLanguage(page, 'ar');
    await page.goto(`/schedule?date=${day}`);
    await page.getByTestId('schedule-week').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const column = async (d: string) => (await page.locator(`[data-testid="day-column"][data-day="${d}"]`).boundingBox())!;
    expect((await column(nextWeek)).x).toBeGreaterThan((await column(day)).x);
    expect(await page.getByRole('img', { name: 'تعارض' }).count()).toBe(2);
    expect(await page.getByTestId('conflict-count').textContent()).toBe('التعارضات هذا الأسبوع: 2');
    expect(await event(page, 'booking', booking.id).textContent()).toContain('10:00–11:00');
    await screenshot(page, 'schedule-week-desktop-ar');
    await page.getByTestId('view-day').click();
    await page.getByTestId('schedule-day').waitFor();
    const [bAr, kAr] = [await box('booking', booking.id), await box('task', task.id)];
    expect(bAr.x + bAr.width).toBeGreaterThan(kAr.x + kAr.width); // 10:00 right of 14:00
    expect(await axis(7)).toBeGreaterThan(await axis(8));
    await screenshot(page, 'schedule-day-desktop-ar');

    // A phone: a list per day, nothing scrolls sideways, in English and Arabic.
    const phone = await newContext(env.browser, env.server.url, { viewport: PHONE });
    const phoneErrors = trackErrors(phone);
    await phone.addCookies(await context.cookies());
    const pp = await phone.newPage();
    await pp.goto(`/schedule?date=${day}`);
    await pp.getByTestId('schedule-list').waitFor();
    expect(await pp.getByTestId('list-day').count()).toBe(7);
    const listDay = pp.locator(`[data-testid="list-day"][data-day="${day}"]`);
    expect(await listDay.getByTestId('list-technician').count()).toBe(2);
    expect(await listDay.locator('[data-testid="schedule-event"][data-conflict="true"]').count()).toBe(2);
    expect(await pageOverflows(pp)).toBe(false);
    await listDay.scrollIntoViewIfNeeded();
    await screenshot(pp, 'schedule-week-phone-en');
    await pp.getByTestId('view-day').click();
    await pp.locator('[data-testid="list-day"]').first().waitFor();
    expect(await pp.getByTestId('list-day').count()).toBe(1);
    expect(await pageOverflows(pp)).toBe(false);
    await chooseLanguage(pp, 'ar');
    await pp.reload();
    await pp.getByTestId('schedule-list').waitFor();
    expect(await pp.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await pageOverflows(pp)).toBe(false);
    await screenshot(pp, 'schedule-day-phone-ar');
    await phone.close();

    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await context.close();
  });

  it('shows a large workshop a page of 50 technicians at a time', async () => {
    const context = await newContext(env.browser, env.server.url);
    const errors = trackErrors(context);
    await registerViaApi(context, newAccount('schedpages'), { completeOnboarding: true });
    const skill = await post<{ id: number }>(context.request, '/api/skills', { name: 'General' });
    const names = Array.from({ length: 52 }, (_, i) => `Tech${String(i + 1).padStart(2, '0')}`);
    for (const firstName of names) {
      await post(context.request, '/api/technicians', {
        firstName,
        lastName: 'Bay',
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '+971500000000',
        title: 'Mechanic',
        skills: [skill.id],
      });
    }
    // A task for the last technician, so the week has something to show on the second page.
    const technicians = (await (await context.request.get('/api/technicians?limit=100')).json()) as { id: number; firstName: string }[];
    const last = technicians.find((x) => x.firstName === 'Tech52')!;
    await post(context.request, '/api/tasks', {
      title: 'Road test',
      technicianId: last.id,
      scheduledDate: `${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`,
      estimatedHours: 1,
    });

    const page = await context.newPage();
    await page.goto('/schedule');
    const pager = page.getByTestId('technician-pager');
    await pager.getByText('Technicians 1–50 of 52').waitFor();
    expect(await page.getByTestId('technicians-previous').isDisabled()).toBe(true);
    await page.getByTestId('technicians-next').click();
    await pager.getByText('Technicians 51–52 of 52').waitFor();
    expect(await page.getByTestId('technicians-next').isDisabled()).toBe(true);
    await page.getByText('Road test').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

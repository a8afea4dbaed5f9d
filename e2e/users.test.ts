import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chooseLanguage,
  loginViaUi,
  newAccount,
  newContext,
  PHONE,
  registerViaApi,
  screenshot,
  toastRegion,
  type Account,
  useServerAndBrowser,
} from './harness';

/** A fresh server and a browser for this file. */
const env = useServerAndBrowser();

async function chooseRole(page: Page, trigger: ReturnType<Page['getByRole']>, role: string | RegExp) {
  await trigger.click();
  await page.getByRole('option', { name: role }).click();
}

async function createStaff(page: Page, staff: Account, role: 'Admin' | 'Manager' | 'Technician') {
  await page.getByTestId('add-user').click();
  const dialog = page.getByRole('dialog', { name: 'Add a staff account' });
  await dialog.getByLabel('First name').fill(staff.firstName);
  await dialog.getByLabel('Last name').fill(staff.lastName);
  await dialog.getByLabel('Username').fill(staff.username);
  await dialog.getByLabel('Email').fill(staff.email);
  await chooseRole(page, dialog.getByRole('combobox', { name: 'Role' }), role);
  await dialog.getByLabel('Initial password').fill(staff.password);
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await toastRegion(page).getByText('User Created').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('users and roles', () => {
  it('lets an admin add a staff account that must set a new password at first sign-in', async () => {
    const adminContext = await newContext(env.browser, env.server.url);
    await registerViaApi(adminContext, newAccount('boss'), { completeOnboarding: true });
    const page = await adminContext.newPage();
    await page.goto('/users');
    await page.getByText('Members: 1').waitFor();

    // Validation messages from the shared contract, under the fields.
    await page.getByTestId('add-user').click();
    const dialog = page.getByRole('dialog', { name: 'Add a staff account' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Password must be at least 8 characters').waitFor();
    expect(await dialog.getByText('Invalid email address').isVisible()).toBe(true);
    expect(await dialog.getByText('They must change it the first time they sign in.', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'users-create-desktop-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const tech: Account = { ...newAccount('tech'), firstName: 'Omar', lastName: 'Khalil', password: 'initial-pass-123' };
    await createStaff(page, tech, 'Technician');
    expect(await toastRegion(page).getByText('Omar Khalil can now sign in with the initial password').isVisible()).toBe(true);
    const row = page.locator(`[data-testid="user-row"][data-username="${tech.username}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Omar Khalil');
    await page.getByText('Members: 2').waitFor();
    await screenshot(page, 'users-desktop-en');

    // The staff member signs in and must choose a new password before anything else.
    const techContext = await newContext(env.browser, env.server.url);
    const techPage = await techContext.newPage();
    await loginViaUi(techPage, tech.username, tech.password);
    const screen = techPage.getByTestId('password-change-screen');
    await screen.waitFor();
    expect(await techPage.getByRole('heading', { name: 'Set a new password' }).isVisible()).toBe(true);
    expect(await techPage.getByTestId('sidebar').count()).toBe(0);
    await screenshot(techPage, 'password-change-desktop-en');
    await screen.getByLabel('Initial password').fill('wrong-password');
    await screen.getByLabel('New password', { exact: true }).fill('brand-new-pass-456');
    await screen.getByLabel('Confirm new password').fill('brand-new-pass-456');
    await screen.getByRole('button', { name: 'Set Password and Continue' }).click();
    await screen.getByText('Current password is incorrect').first().waitFor();

    await screen.getByLabel('Initial password').fill(tech.password);
    await screen.getByLabel('Confirm new password').fill('something-else-789');
    await screen.getByRole('button', { name: 'Set Password and Continue' }).click();
    await screen.getByText('The passwords do not match').waitFor();

    await screen.getByLabel('Confirm new password').fill('brand-new-pass-456');
    await screen.getByRole('button', { name: 'Set Password and Continue' }).click();
    await toastRegion(techPage).getByText('Password Changed').waitFor();
    await techPage.getByTestId('onboarding-dialog').waitFor();
    await techPage.getByRole('button', { name: 'Skip for now' }).click();
    await techPage.getByTestId('dashboard').waitFor();
    expect(await techPage.getByTestId('sidebar-footer').textContent()).toContain('Technician');
    // No Administration group for a technician; /users tells them why.
    expect(await techPage.getByTestId('sidebar').getByText('Administration').count()).toBe(0);
    await techPage.goto('/users');
    await techPage.getByText('You need admin permissions to manage user roles').waitFor();
    await techPage.goto('/settings');
    await techPage.getByText('Only admins can change workshop settings.', { exact: false }).waitFor();
    expect(await techPage.getByLabel('Workshop name').getAttribute('readonly')).not.toBeNull();
    expect(await techPage.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);

    // The new password works, the initial one no longer does.
    const check = await newContext(env.browser, env.server.url);
    expect((await check.request.post('/api/login', { data: { username: tech.username, password: tech.password } })).status()).toBe(401);
    expect((await check.request.post('/api/login', { data: { username: tech.username, password: 'brand-new-pass-456' } })).status()).toBe(
      200,
    );
    await Promise.all([check.close(), techContext.close(), adminContext.close()]);
  });

  it('changes roles, refuses to demote the last admin, and deactivates after confirmation', async () => {
    const context = await newContext(env.browser, env.server.url);
    const admin = newAccount('owner');
    await registerViaApi(context, admin, { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/users');
    const mgr: Account = { ...newAccount('mgr'), firstName: 'Nadia', lastName: 'Saleh' };
    await createStaff(page, mgr, 'Technician');

    const mgrRow = page.locator(`[data-testid="user-row"][data-username="${mgr.username}"]`);
    await chooseRole(page, mgrRow.getByRole('combobox'), 'Manager');
    await toastRegion(page).getByText('Role Updated').waitFor();
    expect(await toastRegion(page).getByText('Nadia Saleh is now Manager').isVisible()).toBe(true);

    // The only admin cannot demote themself: the server's message is shown.
    const selfRow = page.locator(`[data-testid="user-row"][data-username="${admin.username}"]`);
    await chooseRole(page, selfRow.getByRole('combobox'), 'Technician');
    await toastRegion(page).getByText('Update Failed').waitFor();
    expect(await toastRegion(page).getByText('A workshop needs at least one active admin', { exact: false }).isVisible()).toBe(true);
    expect(await selfRow.getByRole('combobox').textContent()).toBe('Admin');
    // One cannot deactivate oneself from this screen.
    expect(await selfRow.getByRole('button', { name: /Deactivate/ }).isDisabled()).toBe(true);

    await mgrRow.getByRole('button', { name: `Deactivate ${mgr.firstName} ${mgr.lastName}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Deactivate Nadia Saleh?').waitFor();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await toastRegion(page).getByText('User Deactivated').waitFor();
    await mgrRow.getByText('Inactive').filter({ visible: true }).waitFor();
    expect((await context.request.get('/api/users/accounts')).status()).toBe(200);
    const staff = (await (await context.request.get('/api/users/accounts')).json()) as Array<{
      username: string;
      isActive: boolean;
      role: string;
    }>;
    expect(staff.find((s) => s.username === mgr.username)).toMatchObject({ isActive: false, role: 'manager' });

    // A deactivated account cannot sign in.
    const other = await newContext(env.browser, env.server.url);
    const otherPage = await other.newPage();
    await loginViaUi(otherPage, mgr.username, mgr.password);
    await toastRegion(otherPage).getByText('Login failed').waitFor();
    expect(await toastRegion(otherPage).getByText('This account has been deactivated').isVisible()).toBe(true);

    await mgrRow.getByRole('button', { name: `Reactivate ${mgr.firstName} ${mgr.lastName}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
    await toastRegion(page).getByText('User Reactivated').waitFor();
    await Promise.all([other.close(), context.close()]);
  });

  it('shows managers the team read-only', async () => {
    const adminContext = await newContext(env.browser, env.server.url);
    await registerViaApi(adminContext, newAccount('chief'), { completeOnboarding: true });
    const mgr = newAccount('lead');
    const created = await adminContext.request.post('/api/users', {
      data: { username: mgr.username, firstName: 'Lina', lastName: 'Aziz', email: mgr.email, role: 'manager', password: mgr.password },
    });
    expect(created.status(), await created.text()).toBe(201);

    const mgrContext = await newContext(env.browser, env.server.url);
    const login = await mgrContext.request.post('/api/login', { data: { username: mgr.username, password: mgr.password } });
    expect(login.status()).toBe(200);
    const changed = await mgrContext.request.post('/api/user/password', {
      data: { currentPassword: mgr.password, newPassword: 'manager-pass-999' },
    });
    expect(changed.status(), await changed.text()).toBe(204);
    await mgrContext.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });

    const page = await mgrContext.newPage();
    await page.goto('/users');
    await page.getByText('Members: 2').waitFor();
    expect(await page.getByText('You can see your team.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByTestId('add-user').count()).toBe(0);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Deactivate/ }).count()).toBe(0);
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getByRole('link', { name: 'Users' }).isVisible()).toBe(true);
    expect(await sidebar.getByRole('link', { name: 'Settings' }).count()).toBe(0);
    await Promise.all([mgrContext.close(), adminContext.close()]);
  });

  it('refreshes the list when the live channel reports a change made elsewhere', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('live'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/users');
    await page.getByText('Members: 1').waitFor();
    await page.locator('[data-testid="live-indicator"][data-connected="true"]').waitFor({ state: 'attached' });
    // Another session of the workshop adds a user; this page hears it on /ws and reloads the list.
    const other = newAccount('elsewhere');
    const created = await context.request.post('/api/users', {
      data: {
        username: other.username,
        firstName: 'Yusuf',
        lastName: 'Amin',
        email: other.email,
        role: 'technician',
        password: other.password,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.getByText('Members: 2').waitFor();
    expect(await page.getByText('Yusuf Amin').isVisible()).toBe(true);

    // On a phone the table keeps name, role and the action; status and e-mail move under the name.
    await page.setViewportSize(PHONE);
    const row = page.locator(`[data-testid="user-row"][data-username="${other.username}"]`);
    expect(await row.getByText('Active').filter({ visible: true }).count()).toBe(1);
    expect(await row.getByRole('button', { name: 'Deactivate Yusuf Amin' }).isVisible()).toBe(true);
    await screenshot(page, 'users-phone-en');
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
    );
    expect(wide).toEqual([]);
    await context.close();
  });

  it('lets an admin save workshop settings and shows them in the preview and the sidebar', async () => {
    const context = await newContext(env.browser, env.server.url);
    await registerViaApi(context, newAccount('set'), { completeOnboarding: true });
    const page = await context.newPage();
    await page.goto('/settings');
    const name = page.getByLabel('Workshop name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('My Workshop');
    expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);

    await name.fill('');
    await page.getByLabel('Tax rate').fill('150');
    await page.getByLabel('Labour rate per hour').fill('-5');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Workshop name is required').waitFor();
    expect(await page.getByText('Labour rate must be 0 or greater').isVisible()).toBe(true);
    expect(await page.getByText('Tax rate must be between 0 and 100').isVisible()).toBe(true);
    expect(await page.getByText('Invalid email address').isVisible()).toBe(true);

    await name.fill('Desert Auto Care');
    await page.getByLabel('Tax rate').fill('5');
    await page.getByLabel('Labour rate per hour').fill('65.5');
    await page.getByLabel('Email').fill('desk@desert.example');
    await page.getByLabel('Address').fill('12 Industrial Road, Dubai');
    await chooseRole(page, page.getByRole('combobox', { name: 'Currency' }), /^AED/);
    await page.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: 'Asia/Dubai' }).click();
    expect(await page.getByTestId('settings-preview').textContent()).toContain('AED');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastRegion(page).getByText('Settings Saved').waitFor();
    await page.getByTestId('sidebar').getByText('Desert Auto Care').waitFor();

    const saved = await (await context.request.get('/api/tenant/settings')).json();
    expect(saved).toMatchObject({
      name: 'Desert Auto Care',
      currency: 'AED',
      timeZone: 'Asia/Dubai',
      taxRate: '5.00',
      labourRate: '65.50',
      email: 'desk@desert.example',
    });
    await page.reload();
    await page.getByLabel('Workshop name').waitFor();
    expect(await page.getByLabel('Workshop name').inputValue()).toBe('Desert Auto Care');
    expect(await page.getByLabel('Tax rate').inputValue()).toBe('5.00');
    expect(await page.getByLabel('Labour rate per hour').inputValue()).toBe('65.50');
    await screenshot(page, 'settings-desktop-en');
    await chooseLanguage(page, 'ar');
    await page.reload();
    expect(await page.getByLabel('أجر الساعة').inputValue()).toBe('65.50');
    await page.getByLabel('أجر الساعة').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-labour-rate-desktop-ar');
    await context.close();
  });
});

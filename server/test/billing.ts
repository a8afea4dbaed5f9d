import type { EstimateDetail, EstimateInput, InvoiceDetail, InvoiceInput } from '../../core/contracts/billing.ts';
import type { TenantSettings } from '../../core/contracts/tenant.ts';
import type { Client } from './app.ts';

/** Creates an estimate through the API (201 or a thrown error). */
export async function createEstimate(
  client: Client,
  input: Partial<EstimateInput> & { customerId: number; vehicleId: number },
): Promise<EstimateDetail> {
  const res = await client.post(`/api/tenants/${client.user.tenantId}/estimates`, { description: 'Brake service', ...input });
  if (res.statusCode !== 201) throw new Error(`estimate: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Creates an invoice through the API (201 or a thrown error). */
export async function createInvoice(
  client: Client,
  input: Partial<InvoiceInput> & { customerId: number; vehicleId: number },
): Promise<InvoiceDetail> {
  const res = await client.post(`/api/tenants/${client.user.tenantId}/invoices`, { description: 'Brake service', ...input });
  if (res.statusCode !== 201) throw new Error(`invoice: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Changes some of the workshop's settings (an admin's call). */
export async function updateSettings(admin: Client, patch: Partial<TenantSettings>): Promise<TenantSettings> {
  const current = (await admin.get('/api/tenant/settings')).json();
  const res = await admin.put('/api/tenant/settings', { ...current, ...patch });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The per-field messages of a 400. */
export const issuesOf = (res: { json(): { issues?: Array<{ path: string; message: string }> } }) =>
  Object.fromEntries((res.json().issues ?? []).map((i) => [i.path, i.message]));

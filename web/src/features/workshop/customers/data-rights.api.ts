import { queryOptions } from '@tanstack/react-query';
// Types only from core/contracts (a value import would pull zod into the page); values from *.values.ts.
import type { ConsentRecord, ConsentsInput, CustomerConsents, DataRequest, EraseInput } from '@core/contracts/data-rights.ts';
import { ApiError, apiFetch, apiRequest, toApiError } from '@/lib/api';
import { downloadBlob } from '@/lib/download';
import { useEntityMutation } from '@/lib/query-keys';

export type { ConsentRecord, CustomerConsents, DataRequest };
export { CONSENT_SOURCES, CONSENT_TYPES } from '@core/contracts/data-rights.values.ts';
export type { ConsentSource, ConsentType } from '@core/contracts/data-rights.values.ts';

export const customerConsentsQuery = (id: number) => queryOptions<CustomerConsents>({ queryKey: ['/api/customers', id, 'consents'] });
export const customerDataRequestsQuery = (id: number) => queryOptions<DataRequest[]>({ queryKey: ['/api/customers', id, 'data-requests'] });

export const useSetConsents = (customerId: number) =>
  useEntityMutation('customers', (input: ConsentsInput) =>
    apiRequest<CustomerConsents>('PUT', `/api/customers/${customerId}/consents`, input),
  );
export const useEraseCustomer = (customerId: number) =>
  useEntityMutation('customers', (input: EraseInput) =>
    apiRequest<{ requestId: number; counts: Record<string, number> }>('POST', `/api/customers/${customerId}/erase`, input),
  );

/** The file name a Content-Disposition header names. */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;

/** Makes the customer's data export (a zip) and hands it to the browser as a download; answers its name. */
async function exportCustomerData(customerId: number): Promise<string> {
  let res: Response;
  try {
    res = await apiFetch(`/api/customers/${customerId}/data-export`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/zip' },
    });
  } catch {
    throw new ApiError({ status: 0, serverMessage: 'Unable to reach the server. Check your connection.', code: 'network.unreachable' });
  }
  if (!res.ok) throw await toApiError(res);
  const name = fileNameOf(res.headers.get('Content-Disposition'), `customer-${customerId}-data.zip`);
  downloadBlob(await res.blob(), name);
  return name;
}
export const useExportCustomerData = (customerId: number) => useEntityMutation('customers', () => exportCustomerData(customerId));

import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
// Types only from core/contracts: a value import would pull zod into the page.
import type { Customer, CustomerInput, CustomerNote } from '@core/contracts/customers.ts';
import type { JobCard } from '@core/contracts/job-cards.ts';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { fullName } from '@/lib/utils';

export type { Customer, CustomerInput, CustomerNote };
export type CustomerDetail = Customer & { vehicleCount: number; jobCardCount: number };
export type NoteCategory = CustomerNote['category'];
export { CUSTOMER_NOTE_CATEGORIES as NOTE_CATEGORIES } from '@core/contracts/customers.values.ts';
import { CUSTOMER_CSV_FIELDS } from '@core/contracts/customers.values.ts';
export type NoteInput = { note: string; category: NoteCategory; isImportant: boolean };

/** Rows per "Load more" on the Customers screen. */
export const CUSTOMERS_PAGE_SIZE = 25;

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** The paged list (usePagedList): GET /api/tenants/:tenantId/customers?q&limit&offset. */
export const customersListKey = (tenantId: number, q: string) =>
  ['/api/tenants', tenantId, 'customers', { q: q || undefined, limit: CUSTOMERS_PAGE_SIZE }] as const;
/** What /customers reads first (the route's prefetch): the list, unsearched. */
export const prefetchCustomers = (queryClient: QueryClient, tenantId: number) =>
  void prefetchPagedList(queryClient, customersListKey(tenantId, ''));
export const customerQuery = (id: number) => queryOptions<CustomerDetail>({ queryKey: ['/api/customers', id] });
export const customerNotesQuery = (id: number) => queryOptions<CustomerNote[]>({ queryKey: ['/api/customers', id, 'notes'] });
/** A customer's job cards, newest first (paged). */
export const customerJobCardsKey = (tenantId: number, customerId: number, limit: number) =>
  ['/api/tenants', tenantId, 'job-cards', { customerId, limit }] as const;
export type { JobCard };

/** The export of the filtered list (every matching row, not one page). */
export const customersExportUrl = (tenantId: number, q: string) =>
  `/api/tenants/${tenantId}/customers/export.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`;
export const CUSTOMERS_IMPORT_URL = '/api/customers/import';
/** The columns an import reads (the export's header). */
export const CUSTOMER_CSV_COLUMNS: string[] = [...CUSTOMER_CSV_FIELDS];

export const useCreateCustomer = () =>
  useEntityMutation('customers', (input: CustomerInput) => apiRequest<Customer>('POST', '/api/customers', input));
export const useUpdateCustomer = () =>
  useEntityMutation('customers', ({ id, ...input }: CustomerInput & { id: number }) =>
    apiRequest<Customer>('PUT', `/api/customers/${id}`, input),
  );
export const useDeleteCustomer = () => useEntityMutation('customers', (id: number) => apiRequest<void>('DELETE', `/api/customers/${id}`));

export const useAddNote = (customerId: number) =>
  useEntityMutation('customers', (input: NoteInput) => apiRequest<CustomerNote>('POST', `/api/customers/${customerId}/notes`, input));
export const useDeleteNote = (customerId: number) =>
  useEntityMutation('customers', (noteId: number) => apiRequest<void>('DELETE', `/api/customers/${customerId}/notes/${noteId}`));

/** "First Last". */
export function customerName(customer: Pick<Customer, 'firstName' | 'lastName'>) {
  return fullName(customer.firstName, customer.lastName);
}

export type { CustomerMessage } from '@core/contracts/customer-messages.ts';
/** Messages per "Show more" on the customer page. */
export const CUSTOMER_MESSAGES_PAGE_SIZE = 10;
/** The paged list (usePagedList): GET /api/customers/:id/messages?limit&offset, newest first. */
export const customerMessagesKey = (id: number) => ['/api/customers', id, 'messages', { limit: CUSTOMER_MESSAGES_PAGE_SIZE }] as const;

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { prefetchPagedList } from '@/lib/paging';
import { useEntityMutation } from '@/lib/query-keys';
import type {
  EstimateDetail,
  EstimateInput,
  EstimateUpdateInput,
  InvoiceDetail,
  InvoiceInput,
  InvoiceUpdateInput,
  PaymentInput,
} from './model';
import { PAGE_SIZE } from './model';

/** `ageing` (invoices only): open invoices still owing, by days past due (core/rules/analytics.ts AGEING_BUCKETS). */
export type ListFilter = { q?: string; status?: string; ageing?: string };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/estimates, one page at a time (usePagedList). */
export const estimatesKey = (tenantId: number, filter: ListFilter) =>
  ['/api/tenants', tenantId, 'estimates', { ...filter, limit: PAGE_SIZE }] as const;
/** What /estimates reads first (the route's prefetch, for those who may bill): the list, unfiltered. */
export const prefetchEstimates = (queryClient: QueryClient, tenantId: number) =>
  void prefetchPagedList(queryClient, estimatesKey(tenantId, {}));
export const estimateQuery = (tenantId: number, id: number) =>
  queryOptions<EstimateDetail>({ queryKey: ['/api/tenants', tenantId, 'estimates', id] });
/** GET /api/tenants/:tenantId/invoices, one page at a time. */
export const invoicesKey = (tenantId: number, filter: ListFilter) =>
  ['/api/tenants', tenantId, 'invoices', { ...filter, limit: PAGE_SIZE }] as const;
/** What /invoices reads first (the route's prefetch, for those who may bill): the list, unfiltered. */
export const prefetchInvoices = (queryClient: QueryClient, tenantId: number) =>
  void prefetchPagedList(queryClient, invoicesKey(tenantId, {}));
export const invoiceQuery = (tenantId: number, id: number) =>
  queryOptions<InvoiceDetail>({ queryKey: ['/api/tenants', tenantId, 'invoices', id] });

/** A billing change answers the document: kept as its detail read, then what shows it refreshes (spec section 4). */
const useEstimateMutation = <TVars>(tenantId: number, mutationFn: (vars: TVars) => Promise<EstimateDetail>) =>
  useEntityMutation('estimates', mutationFn, { detail: (saved) => estimateQuery(tenantId, saved.id).queryKey });
const useInvoiceMutation = <TVars>(tenantId: number, mutationFn: (vars: TVars) => Promise<InvoiceDetail>) =>
  useEntityMutation('invoices', mutationFn, { detail: (saved) => invoiceQuery(tenantId, saved.id).queryKey });

export const useCreateEstimate = (tenantId: number) =>
  useEstimateMutation(tenantId, (input: EstimateInput) => apiRequest<EstimateDetail>('POST', `/api/tenants/${tenantId}/estimates`, input));
export const useUpdateEstimate = (tenantId: number) =>
  useEstimateMutation(tenantId, ({ id, ...patch }: EstimateUpdateInput & { id: number }) =>
    apiRequest<EstimateDetail>('PUT', `/api/tenants/${tenantId}/estimates/${id}`, patch),
  );
/** An approved estimate becomes an invoice, once (409 otherwise, naming the invoice). */
export const useConvertEstimate = (tenantId: number) =>
  useInvoiceMutation(tenantId, (id: number) =>
    apiRequest<InvoiceDetail>('POST', `/api/tenants/${tenantId}/estimates/${id}/convert-to-invoice`, {}),
  );

export const useCreateInvoice = (tenantId: number) =>
  useInvoiceMutation(tenantId, (input: InvoiceInput) => apiRequest<InvoiceDetail>('POST', `/api/tenants/${tenantId}/invoices`, input));
export const useUpdateInvoice = (tenantId: number) =>
  useInvoiceMutation(tenantId, ({ id, ...patch }: InvoiceUpdateInput & { id: number }) =>
    apiRequest<InvoiceDetail>('PUT', `/api/tenants/${tenantId}/invoices/${id}`, patch),
  );
export const useRecordPayment = (tenantId: number) =>
  useInvoiceMutation(tenantId, ({ id, ...payment }: PaymentInput & { id: number }) =>
    apiRequest<InvoiceDetail>('POST', `/api/tenants/${tenantId}/invoices/${id}/record-payment`, payment),
  );

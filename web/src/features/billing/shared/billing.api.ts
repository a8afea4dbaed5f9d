import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, type ApiError } from '@/lib/api';
import type { EstimateDetail, EstimateInput, EstimateUpdateInput, InvoiceDetail, InvoiceInput, InvoiceUpdateInput, PaymentInput } from './model';
import { PAGE_SIZE } from './model';

export type ListFilter = { q?: string; status?: string };

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/tenants/:tenantId/estimates, one page at a time (usePagedList). */
export const estimatesKey = (tenantId: number, filter: ListFilter) => ['/api/tenants', tenantId, 'estimates', { ...filter, limit: PAGE_SIZE }] as const;
export const estimateQuery = (tenantId: number, id: number) => queryOptions<EstimateDetail>({ queryKey: ['/api/tenants', tenantId, 'estimates', id] });
/** GET /api/tenants/:tenantId/invoices, one page at a time. */
export const invoicesKey = (tenantId: number, filter: ListFilter) => ['/api/tenants', tenantId, 'invoices', { ...filter, limit: PAGE_SIZE }] as const;
export const invoiceQuery = (tenantId: number, id: number) => queryOptions<InvoiceDetail>({ queryKey: ['/api/tenants', tenantId, 'invoices', id] });

/** Reads a billing change can affect: both lists and their records, job cards (an invoice made from one), the dashboard. */
const TENANT_READS = ['estimates', 'invoices', 'job-cards', 'dashboard'];

/** After a change: estimates and invoices are refreshed (spec section 4), and what shows them. */
export function refreshBilling(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [root, , list] = query.queryKey;
      return (root === '/api/tenants' && TENANT_READS.includes(String(list))) || root === '/api/job-cards';
    },
  });
}

function useEstimateMutation<TVars>(tenantId: number, mutationFn: (vars: TVars) => Promise<EstimateDetail>) {
  const queryClient = useQueryClient();
  return useMutation<EstimateDetail, ApiError, TVars>({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(estimateQuery(tenantId, saved.id).queryKey, saved);
      return refreshBilling(queryClient);
    },
  });
}

function useInvoiceMutation<TVars>(tenantId: number, mutationFn: (vars: TVars) => Promise<InvoiceDetail>) {
  const queryClient = useQueryClient();
  return useMutation<InvoiceDetail, ApiError, TVars>({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(invoiceQuery(tenantId, saved.id).queryKey, saved);
      return refreshBilling(queryClient);
    },
  });
}

export const useCreateEstimate = (tenantId: number) =>
  useEstimateMutation(tenantId, (input: EstimateInput) => apiRequest<EstimateDetail>('POST', `/api/tenants/${tenantId}/estimates`, input));
export const useUpdateEstimate = (tenantId: number) =>
  useEstimateMutation(tenantId, ({ id, ...patch }: EstimateUpdateInput & { id: number }) => apiRequest<EstimateDetail>('PUT', `/api/tenants/${tenantId}/estimates/${id}`, patch));
/** An approved estimate becomes an invoice, once (409 otherwise, naming the invoice). */
export const useConvertEstimate = (tenantId: number) =>
  useInvoiceMutation(tenantId, (id: number) => apiRequest<InvoiceDetail>('POST', `/api/tenants/${tenantId}/estimates/${id}/convert-to-invoice`, {}));

export const useCreateInvoice = (tenantId: number) =>
  useInvoiceMutation(tenantId, (input: InvoiceInput) => apiRequest<InvoiceDetail>('POST', `/api/tenants/${tenantId}/invoices`, input));
export const useUpdateInvoice = (tenantId: number) =>
  useInvoiceMutation(tenantId, ({ id, ...patch }: InvoiceUpdateInput & { id: number }) => apiRequest<InvoiceDetail>('PUT', `/api/tenants/${tenantId}/invoices/${id}`, patch));
export const useRecordPayment = (tenantId: number) =>
  useInvoiceMutation(tenantId, ({ id, ...payment }: PaymentInput & { id: number }) => apiRequest<InvoiceDetail>('POST', `/api/tenants/${tenantId}/invoices/${id}/record-payment`, payment));

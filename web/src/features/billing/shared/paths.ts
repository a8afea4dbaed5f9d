import { useLocation } from 'wouter';

/**
 * Where a billing page is: its list, a record ("/invoices/12") or a record's printable document
 * ("/invoices/12/print").
 */
export function billingPathOf(pathname: string, base: string): { id: number | null; print: boolean } {
  if (!pathname.startsWith(`${base}/`)) return { id: null, print: false };
  const match = /^([1-9]\d{0,14})(\/print)?\/?$/.exec(pathname.slice(base.length + 1));
  return match ? { id: Number(match[1]), print: !!match[2] } : { id: null, print: false };
}

export function useBillingPath(base: string) {
  const [location] = useLocation();
  return billingPathOf(location, base);
}

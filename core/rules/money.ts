/** Money as decimal strings ("12.50") in and out; arithmetic in integer cents, never floats. */
export function toCents(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  const [whole, fraction = ''] = String(amount).trim().split('.');
  const negative = whole.startsWith('-');
  const cents = Math.abs(Number(whole)) * 100 + Number((fraction + '00').slice(0, 2)) + (Number(fraction[2] ?? 0) >= 5 ? 1 : 0);
  return negative ? -cents : cents;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** quantity × unit price, rounded half up to the cent; quantity may be fractional (labour hours). */
export function lineTotalCents(quantity: string | number, unitPrice: string | number): number {
  const hundredths = toCents(quantity); // quantity in hundredths (hours have 2 decimals)
  return Math.round((hundredths * toCents(unitPrice)) / 100);
}

export function sumCents(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

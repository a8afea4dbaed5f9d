import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@core/contracts/customers.ts';
import type { SparePart } from '@core/contracts/spare-parts.ts';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { useAuth } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ServerCombobox } from '@/components/ui/server-combobox';

export type CustomerChoice = Pick<Customer, 'id' | 'firstName' | 'lastName'> & { phone?: string | null };
type VehicleChoice = Pick<Vehicle, 'id' | 'make' | 'model' | 'plateNumber'> & { year?: number };

/** How many matches a picker shows; typing narrows them on the server. */
export const PICKER_LIMIT = 20;

function useTenantId() {
  return useAuth().user?.tenantId ?? 0;
}

/** The document's customer: searches the workshop's customers on the server (name, phone, e-mail, city). */
export function CustomerPicker({
  id,
  value,
  initial,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: number | null;
  initial?: CustomerChoice | null;
  onChange: (customer: CustomerChoice) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('billing');
  const tenantId = useTenantId();
  const [chosen, setChosen] = useState<CustomerChoice | null>(initial ?? null);
  return (
    <ServerCombobox<Customer>
      id={id}
      testId="billing-customer"
      selectedId={value}
      selectedLabel={value && chosen ? <bdi>{fullName(chosen.firstName, chosen.lastName)}</bdi> : null}
      queryKey={(q) => ['/api/tenants', tenantId, 'customers', { q: q || undefined, limit: PICKER_LIMIT }]}
      itemId={(c) => c.id}
      renderItem={(c) => ({
        label: <bdi>{fullName(c.firstName, c.lastName)}</bdi>,
        description: c.phone ? <bdi dir="ltr">{c.phone}</bdi> : undefined,
        text: `${c.firstName} ${c.lastName}`,
      })}
      onSelect={(c) => {
        setChosen(c);
        onChange(c);
      }}
      invalid={invalid}
      describedBy={describedBy}
      texts={{
        placeholder: t('pickers.customer'),
        search: t('pickers.customerSearch'),
        empty: t('pickers.customerEmpty'),
        loading: t('common:status.loading'),
        failed: t('pickers.customerFailed'),
      }}
    />
  );
}

export function vehicleLabel(vehicle: VehicleChoice): string {
  return `${vehicle.make} ${vehicle.model}${vehicle.year ? ` (${vehicle.year})` : ''} · ${vehicle.plateNumber}`;
}

/** The chosen customer's vehicles; disabled until a customer is chosen. */
export function VehicleSelect({
  id,
  customerId,
  value,
  onChange,
  fallback,
  invalid,
  describedBy,
}: {
  id: string;
  customerId: number | null;
  value: number | null;
  onChange: (vehicleId: number) => void;
  /** The document's vehicle as its list row shows it, until the customer's list arrives. */
  fallback?: VehicleChoice;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('billing');
  const tenantId = useTenantId();
  const { data, isLoading, isError } = useQuery<Vehicle[]>({ queryKey: ['/api/tenants', tenantId, 'vehicles', { customerId: customerId ?? 0, limit: 500 }], enabled: !!customerId && tenantId > 0 });
  const vehicles = data ?? [];
  const none = !!customerId && !isLoading && !isError && vehicles.length === 0;
  let placeholder = t('pickers.vehicle');
  if (!customerId) placeholder = t('pickers.chooseCustomerFirst');
  else if (isLoading) placeholder = t('common:status.loading');
  else if (isError) placeholder = t('pickers.vehicleFailed');
  else if (none) placeholder = t('pickers.vehicleNone');
  const showFallback = !!fallback && fallback.id === value && !vehicles.some((v) => v.id === value);
  return (
    <Select key={customerId ?? 'none'} value={value ? String(value) : ''} onValueChange={(next) => onChange(Number(next))} disabled={!customerId || none}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} data-testid="billing-vehicle">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {showFallback && fallback && <SelectItem value={String(fallback.id)}>{vehicleLabel(fallback)}</SelectItem>}
        {vehicles.map((vehicle) => (
          <SelectItem key={vehicle.id} value={String(vehicle.id)}>
            {vehicleLabel(vehicle)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A part line's spare part: searches the workshop's active parts (name, SKU, category, brand). */
export function PartPicker({
  id,
  value,
  onSelect,
  invalid,
  describedBy,
  testId,
}: {
  id: string;
  value: { sparePartId: number; name: string; sku: string } | null;
  onSelect: (part: SparePart) => void;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  const { t } = useTranslation('billing');
  const tenantId = useTenantId();
  const format = useFormatters();
  return (
    <ServerCombobox<SparePart>
      id={id}
      testId={testId}
      selectedId={value?.sparePartId ?? null}
      selectedLabel={
        value ? (
          <>
            <bdi>{value.name}</bdi>
            {/* A space, not a margin: a margin on the dir="ltr" span would follow its own direction. */}
            {value.sku && ' '}
            {value.sku && (
              <span className="text-muted-foreground" dir="ltr">
                ({value.sku})
              </span>
            )}
          </>
        ) : null
      }
      queryKey={(q) => ['/api/tenants', tenantId, 'spare-parts', { q: q || undefined, status: 'active', limit: PICKER_LIMIT }]}
      itemId={(part) => part.id}
      renderItem={(part) => ({
        text: part.name,
        label: <bdi>{part.name}</bdi>,
        description: (
          <>
            <span dir="ltr">{part.sku}</span> · {format.money(part.unitPrice)}
          </>
        ),
      })}
      onSelect={onSelect}
      invalid={invalid}
      describedBy={describedBy}
      texts={{
        placeholder: t('pickers.part'),
        search: t('pickers.partSearch'),
        empty: t('pickers.partEmpty'),
        loading: t('common:status.loading'),
        failed: t('pickers.partFailed'),
      }}
    />
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Customer } from '@core/contracts/customers.ts';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { fullName } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ServerCombobox, type ComboboxTexts } from '@/components/ui/server-combobox';

export type CustomerChoice = Pick<Customer, 'id' | 'firstName' | 'lastName'> & { phone?: string | null };
export type CustomerVehicle = Pick<Vehicle, 'id' | 'make' | 'model' | 'plateNumber'> & { year?: number };

/** The customer search (server side, 20 at a time). */
export const customerSearchKey = (tenantId: number, q: string) => ['/api/tenants', tenantId, 'customers', { q: q || undefined, limit: 20 }] as const;
/** One customer's vehicles (a customer has a handful: one page of up to 500). */
export const customerVehiclesKey = (tenantId: number, customerId: number) => ['/api/tenants', tenantId, 'vehicles', { customerId, limit: 500 }] as const;

/** A customer select that searches the workshop's customers on the server (name, phone, e-mail, city). */
export function CustomerPicker({
  id,
  tenantId,
  value,
  initial,
  onChange,
  texts,
  invalid,
  describedBy,
  testId,
}: {
  id: string;
  tenantId: number;
  value: number;
  initial?: CustomerChoice | null;
  onChange: (customer: CustomerChoice) => void;
  texts: ComboboxTexts;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  const [chosen, setChosen] = useState<CustomerChoice | null>(initial ?? null);
  return (
    <ServerCombobox<Customer>
      id={id}
      selectedId={value || null}
      selectedLabel={value && chosen ? <bdi>{fullName(chosen.firstName, chosen.lastName)}</bdi> : null}
      queryKey={(q) => customerSearchKey(tenantId, q)}
      itemId={(c) => c.id}
      renderItem={(c) => ({
        label: <bdi>{fullName(c.firstName, c.lastName)}</bdi>,
        description: c.phone ? <bdi dir="ltr">{c.phone}</bdi> : undefined,
        text: `${c.firstName} ${c.lastName} ${c.phone ?? ''}`,
      })}
      onSelect={(c) => {
        setChosen(c);
        onChange(c);
      }}
      texts={texts}
      invalid={invalid}
      describedBy={describedBy}
      testId={testId}
    />
  );
}

/** The chosen customer's vehicles: disabled until a customer is chosen. */
export function CustomerVehicleSelect({
  id,
  tenantId,
  customerId,
  value,
  onChange,
  texts,
  invalid,
  describedBy,
  testId,
}: {
  id: string;
  tenantId: number;
  customerId: number;
  value: number;
  onChange: (vehicleId: number) => void;
  texts: { placeholder: string; chooseCustomer: string; loading: string; empty: string; failed: string };
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
}) {
  const vehicles = useQuery<CustomerVehicle[]>({ queryKey: customerVehiclesKey(tenantId, customerId), enabled: customerId > 0 && tenantId > 0 });
  const list = vehicles.data ?? [];
  const placeholder = !customerId
    ? texts.chooseCustomer
    : vehicles.isLoading
      ? texts.loading
      : vehicles.isError
        ? texts.failed
        : list.length === 0
          ? texts.empty
          : texts.placeholder;
  return (
    <Select value={value ? String(value) : ''} onValueChange={(v) => onChange(Number(v))} disabled={!customerId || list.length === 0}>
      <SelectTrigger id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} data-testid={testId}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {list.map((v) => (
          <SelectItem key={v.id} value={String(v.id)}>
            {`${v.make} ${v.model} · ${v.plateNumber}`}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

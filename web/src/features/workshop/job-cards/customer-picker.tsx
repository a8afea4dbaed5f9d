import { useTranslation } from 'react-i18next';
import type { Customer } from '@core/contracts/customers.ts';
import { useAuth } from '@/lib/auth';
import { fullName } from '@/lib/utils';
import { ServerCombobox } from '../shared/server-combobox';

/** Temporary: the job card dialog's customer choice until shared/customer-picker.tsx lands. */
export function CustomerPicker({
  id,
  value,
  onSelect,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  value: { id: number; firstName: string; lastName: string } | null;
  onSelect: (customer: Customer) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('job-cards');
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? 0;
  return (
    <ServerCombobox<Customer>
      id={id}
      testId="customer-picker"
      selectedId={value?.id ?? null}
      selectedLabel={value ? fullName(value.firstName, value.lastName) : null}
      queryKey={(q) => ['/api/tenants', tenantId, 'customers', { q, limit: 20 }]}
      itemId={(customer) => customer.id}
      renderItem={(customer) => ({
        text: fullName(customer.firstName, customer.lastName),
        label: fullName(customer.firstName, customer.lastName),
        description: (
          <span dir="ltr">{[customer.phone, customer.email].filter(Boolean).join(' · ')}</span>
        ),
      })}
      onSelect={onSelect}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      texts={{
        placeholder: t('customerPicker.placeholder'),
        search: t('customerPicker.search'),
        empty: t('customerPicker.empty'),
        loading: t('common:status.loading'),
        failed: t('customerPicker.failed'),
      }}
    />
  );
}

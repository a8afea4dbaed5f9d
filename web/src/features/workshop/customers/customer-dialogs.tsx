import { useTranslation } from '@/lib/translation';
import { DialogFrame } from '@/shared/dialog-frame';
import { DeleteDialog } from '@/shared/confirm-dialog';
import { customerName, useDeleteCustomer, type Customer } from './customers.api';
import { CustomerForm } from './customer-form';

export type CustomerDialogState = { kind: 'add' } | { kind: 'edit'; customer: Customer } | { kind: 'delete'; customer: Customer };

function CustomerFormDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer?: Customer;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <DialogFrame
      title={customer ? t('form.editTitle') : t('form.addTitle')}
      description={<>{customer ? t('form.editDescription', { name: customerName(customer) }) : t('form.addDescription')}</>}
      width="lg"
      testId="customer-form-dialog"
      onClose={onClose}
    >
      <CustomerForm customer={customer} onClose={onClose} onSaved={onSaved} />
    </DialogFrame>
  );
}

function DeleteCustomerDialog({ customer, onClose, onDeleted }: { customer: Customer; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation('customers');
  const remove = useDeleteCustomer();
  const name = customerName(customer);
  return (
    <DeleteDialog
      remove={remove}
      id={customer.id}
      title={t('delete.title', { name })}
      body={t('delete.body')}
      t={t}
      onClose={onClose}
      onDeleted={onDeleted}
      testId="delete-customer-dialog"
    />
  );
}

/** The customer dialogs, loaded the first time one opens. */
export default function CustomerDialogs({
  state,
  onClose,
  onSaved,
  onDeleted,
}: {
  state: CustomerDialogState;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
  onDeleted?: () => void;
}) {
  switch (state.kind) {
    case 'add':
      return <CustomerFormDialog onClose={onClose} onSaved={onSaved} />;
    case 'edit':
      return <CustomerFormDialog customer={state.customer} onClose={onClose} onSaved={onSaved} />;
    case 'delete':
      return <DeleteCustomerDialog customer={state.customer} onClose={onClose} onDeleted={onDeleted} />;
  }
}

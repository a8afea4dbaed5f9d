import { useTranslation } from '@/lib/translation';
import { DialogFrame } from '@/shared/dialog-frame';
import type { CustomerOption } from '@/shared/customer-picker';
import { DeleteDialog } from '@/shared/confirm-dialog';
import { useDeleteVehicle, type Vehicle } from './vehicles.api';
import { VehicleForm } from './vehicle-form';

export type VehicleDialogState =
  { kind: 'add'; customer?: CustomerOption } | { kind: 'edit'; vehicle: Vehicle } | { kind: 'delete'; vehicle: Vehicle };

export const vehicleTitle = (vehicle: Pick<Vehicle, 'make' | 'model' | 'year'>) => `${vehicle.make} ${vehicle.model} (${vehicle.year})`;

function VehicleFormDialog({ vehicle, customer, onClose }: { vehicle?: Vehicle; customer?: CustomerOption; onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  return (
    <DialogFrame
      title={vehicle ? t('form.editTitle') : t('form.addTitle')}
      description={<>{vehicle ? t('form.editDescription', { vehicle: vehicleTitle(vehicle) }) : t('form.addDescription')}</>}
      width="lg"
      testId="vehicle-form-dialog"
      onClose={onClose}
    >
      <VehicleForm vehicle={vehicle} customer={customer} onClose={onClose} />
    </DialogFrame>
  );
}

function DeleteVehicleDialog({ vehicle, onClose, onDeleted }: { vehicle: Vehicle; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation('vehicles');
  const remove = useDeleteVehicle();
  const title = t('delete.title', { vehicle: vehicleTitle(vehicle) });
  return (
    <DeleteDialog
      remove={remove}
      id={vehicle.id}
      title={title}
      body={t('delete.body', { plate: vehicle.plateNumber })}
      t={t}
      onClose={onClose}
      onDeleted={onDeleted}
      testId="delete-vehicle-dialog"
    />
  );
}

/** The vehicle dialogs, loaded the first time one opens. */
export default function VehicleDialogs({
  state,
  onClose,
  onDeleted,
}: {
  state: VehicleDialogState;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  switch (state.kind) {
    case 'add':
      return <VehicleFormDialog customer={state.customer} onClose={onClose} />;
    case 'edit':
      return <VehicleFormDialog vehicle={state.vehicle} onClose={onClose} />;
    case 'delete':
      return <DeleteVehicleDialog vehicle={state.vehicle} onClose={onClose} onDeleted={onDeleted} />;
  }
}

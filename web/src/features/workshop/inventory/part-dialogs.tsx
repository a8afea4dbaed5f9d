import { useTranslation } from '@/lib/translation';
import { DeleteDialog } from '@/shared/confirm-dialog';
import { useDeletePart } from './inventory.api';
import type { SparePart } from './model';
import { PartFormDialog } from './part-form';
import { StockHistoryDialog } from './stock-history';
import { StockMoveDialog } from './stock-move-dialog';

export type PartDialogState =
  | { kind: 'add' }
  | { kind: 'edit'; part: SparePart }
  | { kind: 'delete'; part: SparePart }
  | { kind: 'receive'; part: SparePart }
  | { kind: 'count'; part: SparePart }
  | { kind: 'history'; part: SparePart };

function DeletePartDialog({ part, onClose }: { part: SparePart; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const remove = useDeletePart();
  // 409 when the part is on job card lines: the server's message says so.
  return (
    <DeleteDialog
      remove={remove}
      id={part.id}
      title={t('delete.title', { name: part.name })}
      body={t('delete.body')}
      t={t}
      namespace="inventory"
      onClose={onClose}
      testId="delete-part-dialog"
      confirmTestId="confirm-delete-part"
    />
  );
}

/** Every dialog of the inventory screen, loaded the first time one opens. */
export default function PartDialogs({ state, onClose }: { state: PartDialogState; onClose: () => void }) {
  switch (state.kind) {
    case 'add':
      return <PartFormDialog onClose={onClose} />;
    case 'edit':
      return <PartFormDialog part={state.part} onClose={onClose} />;
    case 'delete':
      return <DeletePartDialog part={state.part} onClose={onClose} />;
    case 'receive':
      return <StockMoveDialog part={state.part} type="receive" onClose={onClose} />;
    case 'count':
      return <StockMoveDialog part={state.part} type="correct" onClose={onClose} />;
    case 'history':
      return <StockHistoryDialog part={state.part} onClose={onClose} />;
  }
}

import { useTranslation } from '@/lib/translation';
import { Pencil, UserCheck, UserX } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { fullName } from '@/lib/utils';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { LazyMenuProps } from '@/components/ui/lazy-menu';
import { toast } from '@/components/ui/toast';
import { useUpdateTechnician } from '../workforce.api';
import type { Technician } from '../model';
import { OptionsButton } from './technician-card';

/** A technician card's options: edit, deactivate or activate (loaded when its button is reached for). */
export function TechnicianOptionsMenu({
  technician,
  onEdit,
  defaultOpen,
}: { technician: Technician; onEdit?: (technician: Technician) => void } & LazyMenuProps) {
  const { t } = useTranslation('technicians');
  const update = useUpdateTechnician();
  const name = fullName(technician.firstName, technician.lastName);
  const deactivating = technician.status !== 'inactive';
  const toggleActive = () =>
    update.mutate(
      { id: technician.id, status: deactivating ? 'inactive' : 'active' },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: deactivating ? t('toast.deactivatedTitle') : t('toast.activatedTitle'),
            description: deactivating ? t('toast.deactivatedBody', { name }) : t('toast.activatedBody', { name }),
          }),
        onError: (error) => toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) }),
      },
    );
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <OptionsButton name={name} busy={update.isPending} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {onEdit && (
          <DropdownMenuItem onSelect={() => onEdit(technician)}>
            <Pencil aria-hidden />
            {t('card.edit')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem destructive={deactivating} onSelect={toggleActive}>
          {deactivating ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
          {deactivating ? t('card.deactivate') : t('card.activate')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';

const CreateUserForm = lazy(() => import('./create-user-form'));

/** Admin adds a staff account with an initial password the user must change at first sign-in. */
export function CreateUserDialog() {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button data-testid="add-user">
          <UserPlus aria-hidden />
          {t('create.open')}
        </Button>
      </DialogTrigger>
      <DialogContent width="lg">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {open && (
          <Suspense fallback={<Skeleton className="h-80" />}>
            <CreateUserForm onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

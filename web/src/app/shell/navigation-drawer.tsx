import { useTranslation } from '@/lib/translation';
import type { PublicUser } from '@core/contracts/auth.ts';
import { Dialog, DialogDescription, DialogTitle, SheetContent } from '@/components/ui/dialog';
import { SidebarContent } from './sidebar';

/** The navigation as a drawer, on screens too narrow for the sidebar (loaded at its first opening). */
export function NavigationDrawer({
  open,
  onOpenChange,
  user,
  activePath,
  unreadCount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: PublicUser;
  activePath: string;
  unreadCount: number;
}) {
  const { t } = useTranslation('shell');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent data-testid="navigation-drawer">
        <DialogTitle className="sr-only">{t('nav.label')}</DialogTitle>
        <DialogDescription className="sr-only">{t('nav.drawerDescription')}</DialogDescription>
        <SidebarContent user={user} activePath={activePath} onNavigate={() => onOpenChange(false)} unreadCount={unreadCount} />
      </SheetContent>
    </Dialog>
  );
}

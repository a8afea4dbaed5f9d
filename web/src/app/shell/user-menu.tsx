import { useLocation } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { LogOut, ShieldCheck, User } from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { fullName } from '@/lib/utils';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { LazyMenuProps } from '@/components/ui/lazy-menu';
import { UserMenuButton } from './menu-buttons';

/** Name and e-mail; Profile and Account (both /profile); Logout (asks first). */
export function UserMenu({ user, onLogout, defaultOpen }: { user: PublicUser; onLogout: () => void } & LazyMenuProps) {
  const { t } = useTranslation('shell');
  const [, navigate] = useLocation();
  const name = fullName(user.firstName, user.lastName, user.username);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5 py-2 font-normal">
          <span className="truncate text-sm font-semibold text-foreground">{name}</span>
          {user.email && <span className="truncate text-xs text-muted-foreground">{user.email}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <User aria-hidden />
          {t('userMenu.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/profile#account')}>
          <ShieldCheck aria-hidden />
          {t('userMenu.account')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={onLogout}>
          <LogOut className="rtl:-scale-x-100" aria-hidden />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { useTranslation } from '@/lib/translation';
import { Settings } from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { initialsOf } from '@/lib/utils';
import { Button } from '@/components/ui/button';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement>;

/** The top bar's settings button: the settings menu's trigger, and its stand-in until the menu's code is in. */
export const SettingsMenuButton = forwardRef<HTMLButtonElement, ButtonProps>(function SettingsMenuButton(props, ref) {
  const { t } = useTranslation('shell');
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="icon"
      aria-label={t('settingsMenu.label')}
      title={t('settingsMenu.label')}
      data-testid="settings-menu"
      {...props}
    >
      <Settings className="!size-5" aria-hidden />
    </Button>
  );
});

/** The top bar's avatar button: the user menu's trigger, and its stand-in until the menu's code is in. */
export const UserMenuButton = forwardRef<HTMLButtonElement, ButtonProps & { user: PublicUser }>(function UserMenuButton(
  { user, ...props },
  ref,
) {
  const { t } = useTranslation('shell');
  return (
    <button
      ref={ref}
      type="button"
      aria-label={t('userMenu.label')}
      data-testid="user-menu"
      className="inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-accent md:size-9"
      {...props}
    >
      <span className="flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
        {initialsOf(user.firstName, user.lastName, user.username)}
      </span>
    </button>
  );
});

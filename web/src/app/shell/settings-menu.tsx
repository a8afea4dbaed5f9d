import { useTranslation } from '@/lib/translation';
import { Contrast, Keyboard, Languages, Moon } from 'lucide-react';
import { setHighContrast, useHighContrast, useTheme, type Language } from '@/lib/preferences';
import { useSaveUserSettings } from '@/lib/user-settings';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { LazyMenuProps } from '@/components/ui/lazy-menu';
import { SettingsMenuButton } from './menu-buttons';

/**
 * Language, high contrast, dark theme and the keyboard-shortcut help. The language and the theme
 * are the signed-in user's settings: saved for them, so they follow them to another browser (high
 * contrast stays this browser's, as the spec keeps it).
 */
export function SettingsMenu({ onShowShortcuts, defaultOpen }: { onShowShortcuts: () => void } & LazyMenuProps) {
  const { t, i18n } = useTranslation('shell');
  const highContrast = useHighContrast();
  const theme = useTheme();
  const save = useSaveUserSettings({ keepOnFailure: true });
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <SettingsMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex items-center gap-2">
          <Languages className="size-3.5" aria-hidden />
          {t('settingsMenu.language')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={i18n.language} onValueChange={(value) => save.mutate({ language: value as Language })}>
          <DropdownMenuRadioItem value="en">
            <span lang="en">English</span>
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="ar">
            <span lang="ar">العربية</span>
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('settingsMenu.display')}</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked={highContrast} onCheckedChange={(on) => setHighContrast(on === true)}>
          <Contrast aria-hidden />
          {t('settingsMenu.highContrast')}
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={theme === 'dark'}
          onCheckedChange={(on) => save.mutate({ theme: on === true ? 'dark' : 'light' })}
        >
          <Moon aria-hidden />
          {t('settingsMenu.darkTheme')}
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onShowShortcuts}>
          <Keyboard aria-hidden />
          {t('settingsMenu.shortcuts')}
          <span className="ms-auto text-xs text-muted-foreground" dir="ltr">
            Shift+?
          </span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

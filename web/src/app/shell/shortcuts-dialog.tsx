import { useTranslation } from '@/lib/translation';
import { Keyboard } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { KeyCombo } from '@/components/ui/kbd';

const SHORTCUTS: Array<{ keys: string[]; label: string }> = [
  { keys: ['Ctrl', 'D'], label: 'shortcuts.dashboard' },
  { keys: ['Ctrl', 'T'], label: 'shortcuts.technicians' },
  { keys: ['Ctrl', 'K'], label: 'shortcuts.palette' },
  { keys: ['Ctrl', 'K'], label: 'shortcuts.tasks' },
  { keys: ['Shift', '?'], label: 'shortcuts.help' },
];

/** The alert listing the keyboard shortcuts (Shift+? or the settings menu). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <Keyboard className="size-5 text-primary" aria-hidden />
            {t('shortcuts.title')}
          </AlertDialogTitle>
          <AlertDialogDescription>{t('shortcuts.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="divide-y rounded-md border">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.label} className="flex items-center justify-between gap-4 px-3 py-2.5 text-sm">
              <span>{t(shortcut.label)}</span>
              <KeyCombo keys={shortcut.keys} />
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogAction>{t('shortcuts.close')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

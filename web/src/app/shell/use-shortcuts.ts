import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { areShortcutsEnabled } from '@/lib/preferences';

/**
 * Ctrl+D and Ctrl+T go to a page, as the spec's shortcuts do (section 2). Its Ctrl+K (Tasks) now
 * opens the command palette, Ctrl/Cmd+K as elsewhere; pressed again in the palette it goes to Tasks.
 */
export const NAV_SHORTCUTS: Record<string, string> = { d: '/', t: '/technicians' };

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Global shortcuts. Ctrl combinations work everywhere (the browser's own Ctrl+D/T/K are prevented
 * where the browser allows it); Shift+? is ignored while typing in a field.
 */
export function useKeyboardShortcuts({
  onHelp,
  onPalette,
  enabled = true,
}: {
  onHelp: () => void;
  onPalette: () => void;
  enabled?: boolean;
}) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The user may turn the shortcuts off (their settings): the keys are then the browser's.
      if (event.defaultPrevented || event.repeat || !areShortcutsEnabled()) return;
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && key === 'k') {
        event.preventDefault();
        onPalette();
        return;
      }
      if (event.ctrlKey && !event.altKey && !event.shiftKey && !event.metaKey && NAV_SHORTCUTS[key]) {
        event.preventDefault();
        navigate(NAV_SHORTCUTS[key]);
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        onHelp();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, navigate, onHelp, onPalette]);
}

import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { areShortcutsEnabled } from '@/lib/preferences';

/** Ctrl+D, Ctrl+T and Ctrl+K go to a page; these are the spec's shortcuts (section 2). */
export const NAV_SHORTCUTS: Record<string, string> = { d: '/', t: '/technicians', k: '/tasks' };

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
export function useKeyboardShortcuts({ onHelp, enabled = true }: { onHelp: () => void; enabled?: boolean }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The user may turn the shortcuts off (their settings): the keys are then the browser's.
      if (event.defaultPrevented || event.repeat || !areShortcutsEnabled()) return;
      const key = event.key.toLowerCase();
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
  }, [enabled, navigate, onHelp]);
}

import { useCallback, useState } from 'react';

export type Selection = ReturnType<typeof useTechnicianSelection>;

/** Bulk-select mode and the chosen technicians. */
export function useTechnicianSelection() {
  const [mode, setModeState] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const setMode = useCallback((on: boolean) => {
    setModeState(on);
    if (!on) setSelected(new Set());
  }, []);
  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { mode, setMode, selected, toggle, clear };
}

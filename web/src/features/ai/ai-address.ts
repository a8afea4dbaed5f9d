import { useLocation, useSearch } from 'wouter';
import { AI_TABS, type AiTab } from './model';

/**
 * The assistant's address: the open tab (`?tab=parts`), each tab's last answer by its stored
 * record (`estimate=12`, `parts=5`, `schedule=3`, `predictions=7,8,9`) and a chosen vehicle
 * (`vehicle=4`), so a reload, a link from a vehicle's page or the back button shows the same.
 */
export type AiParam = 'tab' | 'estimate' | 'parts' | 'schedule' | 'predictions' | 'vehicle';

export function parseTab(value: string | null): AiTab {
  return (AI_TABS as readonly string[]).includes(value ?? '') ? (value as AiTab) : 'estimate';
}

/** Positive whole numbers of a comma-separated parameter ("7,8,9"); anything else is left out. */
export function parseIds(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
}

export function useAiAddress() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const set = (changes: Partial<Record<AiParam, string | number | number[] | null>>, options: { push?: boolean } = {}) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      const text = Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
      if (text) next.set(key, text);
      else next.delete(key);
    }
    if (next.get('tab') === 'estimate') next.delete('tab');
    const query = next.toString();
    navigate(query ? `${location}?${query}` : location, { replace: !options.push });
  };
  return {
    tab: parseTab(params.get('tab')),
    ids: (name: Exclude<AiParam, 'tab'>) => parseIds(params.get(name)),
    id: (name: Exclude<AiParam, 'tab'>) => parseIds(params.get(name))[0] ?? null,
    set,
  };
}

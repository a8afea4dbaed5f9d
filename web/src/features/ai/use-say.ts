import { useTranslation } from '@/lib/translation';
import { useFormatters } from '@/lib/tenant';
import type { Say } from './explain';

/** What the explanations are worded with: the `ai` dictionary, the language and the workshop's formatters. */
export function useSay(): Say {
  const { t, i18n } = useTranslation('ai');
  const format = useFormatters();
  return { t: t as unknown as Say['t'], language: i18n.language, money: format.money, date: format.date };
}

import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** Before the first answer of a tab: what it does and what it needs. */
export function AskEmpty({ icon, title, body, testId }: { icon: LucideIcon; title: string; body: string; testId?: string }) {
  return <EmptyState icon={icon} title={title} body={body} testId={testId} />;
}

import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The add button of a list (toolbar or empty state). */
export function AddButton({
  label,
  onClick,
  testId,
  className = 'grow sm:grow-0',
}: {
  label: string;
  onClick: () => void;
  testId?: string;
  className?: string;
}) {
  return (
    <Button onClick={onClick} data-testid={testId} className={className}>
      <Plus aria-hidden />
      {label}
    </Button>
  );
}

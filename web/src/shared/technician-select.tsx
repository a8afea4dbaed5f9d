import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Technician } from '@core/contracts/technicians.ts';
import { PAGE_MAX } from '@/lib/paging';
import { fullName } from '@/lib/utils';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Every technician of the workshop (one read of the largest page), for pickers and "mine". */
export const techniciansQuery = queryOptions<Technician[]>({ queryKey: ['/api/technicians', { limit: PAGE_MAX }] });

/** The select's value for "nobody". */
const NONE = 'none';

/**
 * The technician of a job card, booking or appointment: "nobody" first (`noneLabel`), then the
 * active technicians and the one already chosen. `value` is the id as text, '' for nobody.
 */
export function TechnicianSelect({
  id,
  value,
  onChange,
  noneLabel,
  testId,
  enabled = true,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  noneLabel: string;
  testId?: string;
  enabled?: boolean;
}) {
  const { data = [] } = useQuery({ ...techniciansQuery, enabled });
  const choices = data.filter((tech) => tech.status === 'active' || String(tech.id) === value);
  return (
    <Select value={value || NONE} onValueChange={(next) => onChange(next === NONE ? '' : next)}>
      <SelectTrigger id={id} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>{noneLabel}</SelectItem>
        {choices.map((tech) => (
          <SelectItem key={tech.id} value={String(tech.id)}>
            {fullName(tech.firstName, tech.lastName)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FilterSelect, OptionSelect } from '@/shared/option-select';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { skillsQuery } from '../workforce.api';
import { TECHNICIAN_SORTS, TECHNICIAN_STATUSES, type TechnicianSort, type TechnicianStatus } from '../model';

export type TechnicianFilter = { skill: string; status: TechnicianStatus | 'all'; sort: TechnicianSort };
export const DEFAULT_FILTER: TechnicianFilter = { skill: 'all', status: 'all', sort: 'default' };
export const isFiltered = (filter: TechnicianFilter) => filter.skill !== 'all' || filter.status !== 'all';

/** Skill, status and sort choices, an optional add button, and room for more (view toggle, bulk). */
export function ViewControls({
  filter,
  onChange,
  onAdd,
  addLabel,
  children,
}: {
  filter: TechnicianFilter;
  onChange: (filter: TechnicianFilter) => void;
  onAdd?: () => void;
  /** The add button's label; "add item" by default (spec). */
  addLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('technicians');
  const { data: skills } = useQuery(skillsQuery);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="view-controls">
      <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center">
        <FilterSelect
          value={filter.skill}
          onChange={(skill) => onChange({ ...filter, skill })}
          label={t('controls.skill')}
          all={t('controls.allSkills')}
          options={skills?.map((skill) => skill.name) ?? []}
          testId="skill-filter"
          className="sm:w-40"
        />
        <FilterSelect
          value={filter.status}
          onChange={(status) => onChange({ ...filter, status: status as TechnicianFilter['status'] })}
          label={t('controls.status')}
          all={t('controls.allStatuses')}
          options={TECHNICIAN_STATUSES}
          text={(status) => t(`status.${status}`)}
          testId="status-filter"
          className="sm:w-36"
        />
        <OptionSelect
          value={filter.sort}
          onChange={(sort) => onChange({ ...filter, sort: sort as TechnicianSort })}
          label={t('controls.sort')}
          options={TECHNICIAN_SORTS}
          text={(sort) => t(`sorts.${sort}`)}
          size="sm"
          className="col-span-2 sm:w-36"
          testId="sort"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:ms-auto">
        {children}
        {onAdd && (
          <Button onClick={onAdd} data-testid="add-technician">
            <Plus aria-hidden />
            {addLabel ?? t('controls.addItem')}
          </Button>
        )}
      </div>
    </div>
  );
}

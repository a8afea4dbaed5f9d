import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { skillsQuery } from '../api';
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
        <Select value={filter.skill} onValueChange={(skill) => onChange({ ...filter, skill })}>
          <SelectTrigger size="sm" className="sm:w-40" aria-label={t('controls.skill')} data-testid="skill-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{t('controls.allSkills')}</SelectItem>
            {skills?.map((skill) => (
              <SelectItem key={skill.id} value={skill.name}>
                {skill.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filter.status} onValueChange={(status) => onChange({ ...filter, status: status as TechnicianFilter['status'] })}>
          <SelectTrigger size="sm" className="sm:w-36" aria-label={t('controls.status')} data-testid="status-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{t('controls.allStatuses')}</SelectItem>
            {TECHNICIAN_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {t(`status.${status}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filter.sort} onValueChange={(sort) => onChange({ ...filter, sort: sort as TechnicianSort })}>
          <SelectTrigger size="sm" className="col-span-2 sm:w-36" aria-label={t('controls.sort')} data-testid="sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TECHNICIAN_SORTS.map((sort) => (
              <SelectItem key={sort} value={sort}>
                {t(`sorts.${sort}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
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

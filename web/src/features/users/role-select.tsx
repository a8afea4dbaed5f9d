import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '@core/permissions.ts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export function RoleSelect({
  id,
  value,
  onChange,
  disabled,
  size = 'md',
  className,
  label,
  invalid,
}: {
  id?: string;
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
  size?: 'md' | 'sm';
  className?: string;
  label?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Role)} disabled={disabled}>
      <SelectTrigger id={id} size={size} className={className} aria-label={label} aria-invalid={invalid || undefined}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {t(`roles.${role}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

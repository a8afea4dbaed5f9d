import { useTranslation } from '@/lib/translation';
import { OptionSelect } from '@/shared/option-select';
import { ROLES, type Role } from '@core/permissions.ts';

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
    <OptionSelect
      value={value}
      onChange={(next) => onChange(next as Role)}
      options={ROLES}
      text={(role) => t(`roles.${role}`)}
      id={id}
      size={size}
      className={className}
      label={label}
      invalid={invalid}
      disabled={disabled}
    />
  );
}

import { registerWithValue } from '@/lib/form-fields';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { TextField } from '@/shared/text-field';
import { Building2, Globe, Info, ShieldCheck, Wrench } from 'lucide-react';
import type { TenantSettings } from '@core/contracts/tenant.ts';
import { AUDIT_RETENTION_DAYS, LEGAL_RETENTION_YEARS } from '@core/contracts/tenant.values.ts';
import { apiRequest, fieldIssues, type ApiError } from '@/lib/api';
import { refreshUser, usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { currencyName, currentTime, formatDateTime, formatMoney } from '@/lib/format';
import { tenantSettingsQuery } from '@/lib/tenant';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { BackupsSection } from './backups-section';
import { ModulesSection } from './modules-section';

/** Common currencies first among the workshops Workbay serves; any saved code stays selectable. */
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'EGP',
  'JOD',
  'MAD',
  'TND',
  'DZD',
  'IQD',
  'LBP',
  'TRY',
  'INR',
  'PKR',
  'BDT',
  'CAD',
  'AUD',
  'NZD',
  'ZAR',
  'NGN',
  'KES',
  'JPY',
  'CNY',
  'SGD',
  'MYR',
  'IDR',
  'PHP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'BRL',
  'MXN',
] as const;

const FIELDS = [
  'name',
  'address',
  'phone',
  'email',
  'timeZone',
  'currency',
  'taxRate',
  'labourRate',
  'auditRetentionDays',
  'legalRetentionYears',
] as const;
type FieldName = (typeof FIELDS)[number];

function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all];
}

function SettingsForm({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useForm<TenantSettings>({
    resolver: lazyZodResolver<TenantSettings>(() => import('./settings.schemas').then((m) => m.tenantSettings)),
    defaultValues: settings,
  });
  const { errors, isDirty } = form.formState;
  const err = (name: FieldName) => translateValidation(errors[name]?.message, t);

  /** A retention period (whole days or years between its bounds), with its hint. */
  const retentionField = (
    name: 'auditRetentionDays' | 'legalRetentionYears',
    bounds: { min: number; max: number },
    hint: string,
    testId: string,
    className: string,
  ) => (
    <Field id={`settings-${name}`} label={t(`fields.${name}`)} hint={hint} error={err(name)} className={className}>
      <Input
        id={`settings-${name}`}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        readOnly={!canEdit}
        dir="ltr"
        className="text-start sm:w-40"
        aria-invalid={!!errors[name]}
        aria-describedby={describedBy(`settings-${name}`, err(name), hint)}
        data-testid={testId}
        {...registerWithValue(form, name)}
      />
    </Field>
  );

  useEffect(() => {
    form.reset(settings);
  }, [settings, form]);

  const save = useMutation<TenantSettings, ApiError, TenantSettings>({
    mutationFn: (body) => apiRequest<TenantSettings>('PUT', '/api/tenant/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantSettingsQuery.queryKey, saved);
      // The workshop name shows beside the user (sidebar).
      void refreshUser(queryClient);
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast({ variant: 'success', title: t('toast.saved'), description: t('toast.savedBody') });
      },
      onError: (error) => {
        applyServerIssues(fieldIssues(error), FIELDS, form.setError);
        toast({ variant: 'destructive', title: t('toast.failed'), description: errorMessage(error, t) });
      },
    }),
  );

  const [currency, timeZone] = form.watch(['currency', 'timeZone']);
  const zones = useMemo(() => timeZones(settings.timeZone), [settings.timeZone]);
  const [zonesOpen, setZonesOpen] = useState(false);
  const currencies = useMemo(() => {
    const codes: string[] = [...CURRENCIES];
    if (settings.currency && !codes.includes(settings.currency)) codes.unshift(settings.currency);
    return codes;
  }, [settings.currency]);
  const preview = useMemo(() => {
    const safeZone = zones.includes(timeZone) ? timeZone : 'UTC';
    return {
      money: formatMoney(1234.5, currency, i18n.language),
      time: formatDateTime(currentTime(), i18n.language, { timeZone: safeZone }),
    };
  }, [currency, timeZone, zones, i18n.language]);

  const text = (name: 'name' | 'phone' | 'email', props: { type?: string; autoComplete?: string; ltr?: boolean }) => (
    <TextField
      id={`settings-${name}`}
      label={t(`fields.${name}`)}
      error={err(name)}
      type={props.type}
      readOnly={!canEdit}
      autoComplete={props.autoComplete ?? 'off'}
      ltr={props.ltr}
      register={registerWithValue(form, name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Building2 className="size-4 text-muted-foreground" aria-hidden />
            {t('details.title')}
          </CardTitle>
          <CardDescription>{t('details.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">{text('name', { autoComplete: 'organization' })}</div>
          <Field id="settings-address" label={t('fields.address')} error={err('address')} className="sm:col-span-2">
            <Textarea
              id="settings-address"
              rows={2}
              readOnly={!canEdit}
              autoComplete="street-address"
              aria-invalid={!!errors.address}
              aria-describedby={describedBy('settings-address', err('address'))}
              {...registerWithValue(form, 'address')}
            />
          </Field>
          {text('phone', { type: 'tel', autoComplete: 'tel', ltr: true })}
          {text('email', { type: 'email', autoComplete: 'email', ltr: true })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Globe className="size-4 text-muted-foreground" aria-hidden />
            {t('regional.title')}
          </CardTitle>
          <CardDescription>{t('regional.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <Field id="settings-timeZone" label={t('fields.timeZone')} error={err('timeZone')}>
            <Controller
              control={form.control}
              name="timeZone"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={!canEdit} open={zonesOpen} onOpenChange={setZonesOpen}>
                  <SelectTrigger id="settings-timeZone" aria-invalid={!!errors.timeZone || undefined}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {/* Some 430 zones: rendered when the list opens, not with the page (the closed select needs only its value's). */}
                    {(zonesOpen ? zones : [field.value]).map((zone) => (
                      <SelectItem key={zone} value={zone}>
                        <span dir="ltr">{zone.replace(/_/g, ' ')}</span>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="settings-currency" label={t('fields.currency')} error={err('currency')}>
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={!canEdit}>
                  <SelectTrigger id="settings-currency" aria-invalid={!!errors.currency || undefined}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {currencies.map((code) => (
                      <SelectItem key={code} value={code}>
                        <span className="font-medium" dir="ltr">
                          {code}
                        </span>
                        <span className="text-muted-foreground"> · {currencyName(code, i18n.language)}</span>
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
          <Field id="settings-taxRate" label={t('fields.taxRate')} error={err('taxRate')}>
            <div className="relative" dir="ltr">
              <Input
                id="settings-taxRate"
                inputMode="decimal"
                readOnly={!canEdit}
                dir="ltr"
                className="pe-9 text-start"
                aria-invalid={!!errors.taxRate}
                aria-describedby={describedBy('settings-taxRate', err('taxRate'))}
                {...registerWithValue(form, 'taxRate')}
              />
              <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-sm text-muted-foreground">%</span>
            </div>
          </Field>
          <div className="flex flex-col gap-1 rounded-md bg-muted/60 p-3 text-sm sm:col-span-3" data-testid="settings-preview">
            <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t('preview.title')}</span>
            <span>
              {t('preview.money')} <bdi dir="ltr">{preview.money}</bdi>
            </span>
            <span>
              {t('preview.time')} <bdi>{preview.time}</bdi>
            </span>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Wrench className="size-4 text-muted-foreground" aria-hidden />
            {t('pricing.title')}
          </CardTitle>
          <CardDescription>{t('pricing.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <Field id="settings-labourRate" label={t('fields.labourRate')} error={err('labourRate')}>
            <div className="relative" dir="ltr">
              <Input
                id="settings-labourRate"
                inputMode="decimal"
                readOnly={!canEdit}
                dir="ltr"
                className="pe-14 text-start"
                aria-invalid={!!errors.labourRate}
                aria-describedby={describedBy('settings-labourRate', err('labourRate'))}
                {...registerWithValue(form, 'labourRate')}
              />
              <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-sm text-muted-foreground">
                {currency}
              </span>
            </div>
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
            {t('security.title')}
          </CardTitle>
          <CardDescription>{t('security.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor="settings-requireTwoFactor" className="text-sm font-medium">
                {t('fields.requireTwoFactor')}
              </label>
              <p id="settings-requireTwoFactor-hint" className="text-sm text-muted-foreground">
                {t('security.requireTwoFactorHint')}
              </p>
            </div>
            <Controller
              control={form.control}
              name="requireTwoFactor"
              render={({ field }) => (
                <Switch
                  id="settings-requireTwoFactor"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  disabled={!canEdit}
                  aria-describedby="settings-requireTwoFactor-hint"
                  data-testid="settings-require-two-factor"
                />
              )}
            />
          </div>
          {retentionField(
            'auditRetentionDays',
            AUDIT_RETENTION_DAYS,
            t('security.auditRetentionHint'),
            'settings-audit-retention',
            'mt-5 border-t pt-5',
          )}
          {retentionField(
            'legalRetentionYears',
            LEGAL_RETENTION_YEARS,
            t('security.legalRetentionHint'),
            'settings-legal-retention',
            'mt-5',
          )}
        </CardContent>
      </Card>

      {canEdit && (
        <div className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:justify-end sm:border-0 sm:bg-transparent sm:px-0 sm:py-0 sm:backdrop-blur-none">
          <Button variant="outline" onClick={() => form.reset(settings)} disabled={!isDirty || save.isPending}>
            {t('common:actions.discard')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            {t('common:actions.saveChanges')}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * /settings: workshop details, time zone, currency, tax rate, labour rate and whether admins and
 * managers must use two-factor sign-in; admins edit, others read.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const permissions = usePermissions();
  const canEdit = permissions.canUseAdminTools;
  const { data, isLoading, isError, error, refetch } = useQuery(tenantSettingsQuery);

  return (
    <div className="flex max-w-4xl flex-col gap-4">
      {!canEdit && (
        <div role="note" className="flex gap-3 rounded-md border border-info/30 bg-info/10 p-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <p>{t('readOnlyNotice')}</p>
        </div>
      )}
      {isLoading && (
        <div className="flex flex-col gap-5">
          <Skeleton className="h-72" />
          <Skeleton className="h-48" />
        </div>
      )}
      {isError && (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 px-6 py-12 text-center md:px-6">
            <p className="font-medium">{t('loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(error, t)}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          </CardContent>
        </Card>
      )}
      {data && <SettingsForm settings={data} canEdit={canEdit} />}
      {canEdit && <BackupsSection />}
      {data && <ModulesSection canEdit={canEdit} />}
    </div>
  );
}

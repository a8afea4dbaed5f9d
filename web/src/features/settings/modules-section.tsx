import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { Blocks } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import type { FeatureFlag } from '@core/contracts/access-control.ts';
import type { Feature } from '@core/permissions.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser, useTenantId } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';

const featuresQuery = (tenantId: number) =>
  queryOptions<FeatureFlag[], ApiError>({
    queryKey: ['/api/tenants', tenantId, 'features'],
    queryFn: () => apiRequest<FeatureFlag[]>('GET', `/api/tenants/${tenantId}/features`),
    enabled: tenantId > 0,
  });

/**
 * Settings > Modules: the workshop's optional modules (AI assistant, analytics, fleet), each a
 * switch that applies at once. A module turned off leaves everyone's navigation and its API
 * answers 404; its records stay and come back when it is turned on again.
 */
export function ModulesSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  const { data, isLoading, isError, error } = useQuery(featuresQuery(tenantId));
  const toggle = useMutation<FeatureFlag, ApiError, { flag: Feature; isEnabled: boolean }>({
    mutationFn: ({ flag, isEnabled }) => apiRequest<FeatureFlag>('PUT', `/api/tenants/${tenantId}/features/${flag}`, { isEnabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData<FeatureFlag[]>(featuresQuery(tenantId).queryKey, (list) =>
        list?.map((f) => (f.flag === saved.flag ? saved : f)),
      );
      toast({
        variant: 'success',
        title: saved.isEnabled ? t('modules.enabledTitle') : t('modules.disabledTitle'),
        description: t(`modules.names.${saved.flag}`),
      });
      // The signed-in user carries the modules turned off: the navigation follows.
      return refreshUser(queryClient);
    },
    onError: (err) => toast({ variant: 'destructive', title: t('toast.failed'), description: errorMessage(err, t) }),
  });

  return (
    <Card data-testid="settings-modules">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Blocks className="size-4 text-muted-foreground" aria-hidden />
          {t('modules.title')}
        </CardTitle>
        <CardDescription>{t('modules.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y">
        {isLoading && <Skeleton className="h-32" />}
        {isError && <p className="text-sm text-destructive">{errorMessage(error, t)}</p>}
        {data?.map((f) => (
          <div key={f.flag} className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`module-${f.flag}`} className="text-sm font-medium">
                {t(`modules.names.${f.flag}`)}
              </label>
              <p id={`module-${f.flag}-hint`} className="text-sm text-muted-foreground">
                {t(`modules.hints.${f.flag}`)}
              </p>
            </div>
            <Switch
              id={`module-${f.flag}`}
              checked={toggle.isPending && toggle.variables?.flag === f.flag ? toggle.variables.isEnabled : f.isEnabled}
              onCheckedChange={(isEnabled) => toggle.mutate({ flag: f.flag, isEnabled })}
              disabled={!canEdit || toggle.isPending}
              aria-describedby={`module-${f.flag}-hint`}
              data-testid={`module-${f.flag}`}
            />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

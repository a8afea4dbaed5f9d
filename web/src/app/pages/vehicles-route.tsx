import { lazy, Suspense } from 'react';
import VehiclesPage from '@/features/workshop/vehicles/vehicles-page';
import { useDisabledFeatures } from '@/lib/auth';

// Scheduling's Maintenance section (schedules and reminders) and the AI assistant's results for the
// vehicle, loaded beside the vehicle's view.
const MaintenanceSection = lazy(() => import('@/features/scheduling/maintenance/maintenance-section'));
const AiHistorySection = lazy(() => import('@/features/ai/ai-history-section'));

/** The sections the vehicle view shows below its details: maintenance, then past AI results (while the AI assistant is on). */
function VehicleSections({ vehicleId }: { vehicleId: number }) {
  const aiOn = !useDisabledFeatures().includes('ai_assistant');
  return (
    <>
      <MaintenanceSection vehicleId={vehicleId} />
      {aiOn && (
        <Suspense fallback={null}>
          <AiHistorySection vehicleId={vehicleId} />
        </Suspense>
      )}
    </>
  );
}

/**
 * /vehicles and /vehicles/:id. Features never import each other: the app composes the workshop's
 * vehicles page with scheduling's Maintenance section and the AI assistant's results, which the
 * vehicle view shows below the details.
 */
export default function VehiclesRoute() {
  return <VehiclesPage vehicleSection={VehicleSections} />;
}

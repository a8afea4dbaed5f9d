import { lazy } from 'react';
import VehiclesPage from '@/features/workshop/vehicles/vehicles-page';

// Scheduling's Maintenance section (schedules and reminders), loaded beside the vehicle's view.
const MaintenanceSection = lazy(() => import('@/features/scheduling/maintenance/maintenance-section'));

/**
 * /vehicles and /vehicles/:id. Features never import each other: the app composes the workshop's
 * vehicles page with scheduling's Maintenance section, which the vehicle view shows below the details.
 */
export default function VehiclesRoute() {
  return <VehiclesPage vehicleSection={MaintenanceSection} />;
}

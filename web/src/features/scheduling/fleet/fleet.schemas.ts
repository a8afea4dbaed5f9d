/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
export { fleetVehicleInput } from '@core/contracts/fleet.ts';

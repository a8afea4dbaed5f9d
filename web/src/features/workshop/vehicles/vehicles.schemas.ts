/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
import { z } from '@core/zod.ts';
import { vehicleInput } from '@core/contracts/vehicles.ts';
import { vehiclePayloadOf } from './vehicle-values';

/** The contract, read from the form's typed values the way they will be sent. */
export const vehicleForm = z.preprocess((values) => vehiclePayloadOf(values as Parameters<typeof vehiclePayloadOf>[0]), vehicleInput);

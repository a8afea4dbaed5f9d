import { maintenanceScheduleInput } from '@core/contracts/maintenance.ts';
import { z } from '@core/zod.ts';

/** A number field as the form holds it: empty is none, anything else is read as a number. */
const numberOf = (v: unknown) => (v === '' || v === null || v === undefined ? null : typeof v === 'number' ? v : Number(v));

/**
 * The schedule form's schema, loaded on first validation (lazyZodResolver): the contract's, with
 * the form's text inputs read as numbers and an empty date as none (an empty reminder window
 * takes the default).
 */
export const scheduleForm = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object') return raw;
  const v = raw as Record<string, unknown>;
  const reminderDays = numberOf(v.reminderDays);
  return {
    ...v,
    lastServiceDate: v.lastServiceDate ? v.lastServiceDate : null,
    lastServiceMileage: numberOf(v.lastServiceMileage),
    reminderDays: reminderDays ?? undefined,
  };
}, maintenanceScheduleInput);

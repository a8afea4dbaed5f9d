import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest, type ApiError } from '@/lib/api';
import { useEntityMutation, type Entity } from '@/lib/query-keys';
import type {
  ApplyScheduleResult,
  ChatAnswer,
  ChatConversation,
  ChatInput,
  EstimateJobInput,
  JobEstimation,
  MaintenancePrediction,
  MaintenancePredictions,
  OptimizeScheduleInput,
  PartsRecommendation,
  PredictMaintenanceInput,
  RecommendPartsInput,
  ScheduleOptimization,
  VehicleAiHistory,
} from './model';
import type { NewJobCardFromEstimation } from '@core/contracts/ai.ts';

/**
 * The AI assistant's calls (spec/garage.md section 7, under /api/tenants/:tenantId/ai/...), its
 * stored records and the confirmed steps that apply or dismiss them. Every answer is a record the
 * server keeps (status pending); the page holds its id in the address and reads it back here.
 */
const ai = (tenantId: number) => `/api/tenants/${tenantId}/ai`;

/** The kinds of stored record, as their path under .../ai/. */
export type RecordPath = 'job-estimations' | 'parts-recommendations' | 'maintenance-predictions' | 'schedule-optimizations';

// Query keys are URL parts (web/README.md): the default query function builds the URL.
export const recordKey = (tenantId: number, path: RecordPath, id: number) => ['/api/tenants', tenantId, 'ai', path, id] as const;
export const estimationQuery = (tenantId: number, id: number) =>
  queryOptions<JobEstimation>({ queryKey: recordKey(tenantId, 'job-estimations', id) });
export const recommendationQuery = (tenantId: number, id: number) =>
  queryOptions<PartsRecommendation>({ queryKey: recordKey(tenantId, 'parts-recommendations', id) });
export const predictionQuery = (tenantId: number, id: number) =>
  queryOptions<MaintenancePrediction>({ queryKey: recordKey(tenantId, 'maintenance-predictions', id) });
export const optimizationQuery = (tenantId: number, id: number) =>
  queryOptions<ScheduleOptimization>({ queryKey: recordKey(tenantId, 'schedule-optimizations', id) });
export const conversationQuery = (tenantId: number, id: number) =>
  queryOptions<ChatConversation>({ queryKey: ['/api/tenants', tenantId, 'ai', 'conversations', id] });
/** GET /api/tenants/:tenantId/vehicles/:id/ai-history: the vehicle's past estimations, predictions and recommendations. */
export const vehicleAiHistoryQuery = (tenantId: number, vehicleId: number) =>
  queryOptions<VehicleAiHistory>({ queryKey: ['/api/tenants', tenantId, 'vehicles', vehicleId, 'ai-history'] });

// ---- Asking: each answer is a new record (the AI reads refresh: the vehicle's history shows it).

export const useEstimateJob = (tenantId: number) =>
  useEntityMutation('ai', (input: EstimateJobInput) => apiRequest<JobEstimation>('POST', `${ai(tenantId)}/estimate-job`, input), {
    detail: (answer) => recordKey(tenantId, 'job-estimations', answer.id),
    background: true,
  });
export const usePredictMaintenance = (tenantId: number) =>
  useEntityMutation('ai', (input: PredictMaintenanceInput) =>
    apiRequest<MaintenancePredictions>('POST', `${ai(tenantId)}/predict-maintenance`, input),
  );
export const useRecommendParts = (tenantId: number) =>
  useEntityMutation(
    'ai',
    (input: RecommendPartsInput) => apiRequest<PartsRecommendation>('POST', `${ai(tenantId)}/recommend-parts`, input),
    {
      detail: (answer) => recordKey(tenantId, 'parts-recommendations', answer.id),
      background: true,
    },
  );
export const useOptimizeSchedule = (tenantId: number) =>
  useEntityMutation(
    'ai',
    (input: OptimizeScheduleInput) => apiRequest<ScheduleOptimization>('POST', `${ai(tenantId)}/optimize-schedule`, input),
    { detail: (answer) => recordKey(tenantId, 'schedule-optimizations', answer.id), background: true },
  );
/** The chat keeps its own conversation in the page; nothing else shows it. */
export const useChat = (tenantId: number) =>
  useMutation<ChatAnswer, ApiError, ChatInput>({ mutationFn: (input) => apiRequest<ChatAnswer>('POST', `${ai(tenantId)}/chat`, input) });

// ---- Applying and dismissing: always after a confirmation; the record then says who and when.

/** What an apply step changes besides the AI record itself. */
const APPLY_ENTITIES = {
  'job-estimations': ['ai', 'job_cards'],
  'parts-recommendations': ['ai', 'job_cards', 'estimates'],
  'maintenance-predictions': ['ai', 'service_bookings', 'maintenance'],
  'schedule-optimizations': ['ai', 'tasks', 'service_bookings', 'appointments'],
} as const satisfies Record<RecordPath, readonly Entity[]>;

export const useDismissRecord = (tenantId: number, path: RecordPath) =>
  useEntityMutation('ai', (id: number) => apiRequest<unknown>('POST', `${ai(tenantId)}/${path}/${id}/dismiss`, {}));

export const useApplyEstimation = (tenantId: number) =>
  useEntityMutation(APPLY_ENTITIES['job-estimations'], ({ id, jobCardId }: { id: number; jobCardId: number }) =>
    apiRequest<unknown>('POST', `${ai(tenantId)}/job-estimations/${id}/apply`, { jobCardId }),
  );

/** Applying an estimate to a new job card (the server makes it, with the estimated total). */
export const useApplyEstimationToNewJobCard = (tenantId: number) =>
  useEntityMutation(APPLY_ENTITIES['job-estimations'], ({ id, newJobCard }: { id: number; newJobCard: NewJobCardFromEstimation }) =>
    apiRequest<JobEstimation>('POST', `${ai(tenantId)}/job-estimations/${id}/apply`, { newJobCard }),
  );

export type PartsTarget = { jobCardId: number } | { estimateId: number };
export const useApplyParts = (tenantId: number) =>
  useEntityMutation(
    APPLY_ENTITIES['parts-recommendations'],
    ({ id, target, sparePartIds }: { id: number; target: PartsTarget; sparePartIds: number[] }) =>
      apiRequest<unknown>('POST', `${ai(tenantId)}/parts-recommendations/${id}/apply`, { ...target, sparePartIds }),
  );

export const useAcknowledgePrediction = (tenantId: number) =>
  useEntityMutation('ai', (id: number) => apiRequest<unknown>('POST', `${ai(tenantId)}/maintenance-predictions/${id}/acknowledge`, {}));
export const useBookPrediction = (tenantId: number) =>
  useEntityMutation(
    APPLY_ENTITIES['maintenance-predictions'],
    ({ id, scheduledDate, technicianId }: { id: number; scheduledDate: string; technicianId: number | null }) =>
      apiRequest<unknown>('POST', `${ai(tenantId)}/maintenance-predictions/${id}/book`, { scheduledDate, technicianId }),
  );
export const useSchedulePrediction = (tenantId: number) =>
  useEntityMutation(
    APPLY_ENTITIES['maintenance-predictions'],
    ({ id, intervalMileage, intervalMonths }: { id: number; intervalMileage: number | null; intervalMonths: number | null }) =>
      apiRequest<unknown>('POST', `${ai(tenantId)}/maintenance-predictions/${id}/schedule`, { intervalMileage, intervalMonths }),
  );

export const useApplySchedule = (tenantId: number) =>
  useEntityMutation(APPLY_ENTITIES['schedule-optimizations'], (id: number) =>
    apiRequest<ApplyScheduleResult>('POST', `${ai(tenantId)}/schedule-optimizations/${id}/apply`, {}),
  );

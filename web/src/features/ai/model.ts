// Types only from core/contracts (a value import would pull zod into the page); the value lists
// from the contract's zod-free value file.
import type { z } from 'zod';
import type {
  applyScheduleResult,
  ChatAnswer,
  chatConversation,
  ChatInput,
  Citation,
  EstimateJobInput,
  JobEstimation,
  MaintenancePrediction,
  maintenancePredictions,
  OptimizeScheduleInput,
  PartsRecommendation,
  PredictMaintenanceInput,
  RecommendPartsInput,
  ScheduleOptimization,
  vehicleAiHistory,
} from '@core/contracts/ai.ts';
import {
  AI_URGENCIES,
  SCHEDULE_WORK_KINDS,
  type AiRecordStatus,
  type AiUrgency,
  type ScheduleWorkKind,
} from '@core/contracts/ai.values.ts';

export { AI_URGENCIES, SCHEDULE_WORK_KINDS };
export type {
  AiRecordStatus,
  AiUrgency,
  ChatAnswer,
  ChatInput,
  Citation,
  EstimateJobInput,
  JobEstimation,
  MaintenancePrediction,
  OptimizeScheduleInput,
  PartsRecommendation,
  PredictMaintenanceInput,
  RecommendPartsInput,
  ScheduleOptimization,
  ScheduleWorkKind,
};
export type MaintenancePredictions = z.infer<typeof maintenancePredictions>;
export type RecommendedPart = PartsRecommendation['parts'][number];
export type ScheduleSuggestion = ScheduleOptimization['suggestions'][number];
export type UnplacedWork = ScheduleOptimization['unplaced'][number];
export type ApplyScheduleResult = z.infer<typeof applyScheduleResult>;
export type ChatConversation = z.infer<typeof chatConversation>;
export type ChatTurn = ChatConversation['messages'][number];
export type VehicleAiHistory = z.infer<typeof vehicleAiHistory>;
export type CitationKind = Citation['kind'];

/** The assistant's five tabs, in the spec's order; the address holds the open one (`?tab=`). */
export const AI_TABS = ['estimate', 'maintenance', 'parts', 'schedule', 'chat'] as const;
export type AiTab = (typeof AI_TABS)[number];

/** What every stored AI result has: its status, who decided and when. */
export type AiRecord = { id: number; status: AiRecordStatus; decidedBy: number | null; decidedAt: string | null; createdAt: string };

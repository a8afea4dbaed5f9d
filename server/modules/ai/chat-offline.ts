import {
  extractDocumentNumber,
  extractPeriod,
  extractPhoneDigits,
  extractPlate,
  extractVin,
  PERIOD_KEYS,
  type ChatLanguage,
} from '../../../core/rules/chat-entities.ts';
import { classify, INTENT_THRESHOLD, residualWords } from './chat-nlu.ts';
import type { Intent } from './chat-corpus.ts';
import type { ToolName } from './chat-tools.ts';

/**
 * The offline chat's choice of tool: the intent from the NLU model (chat-nlu.ts), the tool's
 * arguments by plain extraction (document numbers, VINs, plates, phones, periods, and the words
 * left over as a name). No I/O besides the in-memory model; the tool then reads the records.
 */

export type Plan =
  | { tool: ToolName; args: Record<string, unknown> }
  | { tool: null; reason: 'help' | 'greeting' | 'unknown' | 'needs'; needs?: string; wanted?: ToolName };

const PERIOD_TOOLS = new Set<ToolName>(['schedule', 'revenue']);

/** What a question asks, as a tool and its arguments, or why there is none. */
export async function planQuestion(question: string, language: ChatLanguage, today: string): Promise<Plan> {
  const { intent, score } = await classify(language, question);
  const jobNumber = extractDocumentNumber(question, 'JC');
  const invoiceNumber = extractDocumentNumber(question, 'INV');
  const vin = extractVin(question);
  // A VIN's digits are not a phone number.
  const phone = vin ? null : extractPhoneDigits(question);
  const plate = vin ? null : extractPlate(question);
  const period = extractPeriod(question, today);
  const periodArgs = period
    ? (PERIOD_KEYS as readonly string[]).includes(period.key)
      ? { period: period.key }
      : { from: period.from, to: period.to }
    : {};
  const confident = score >= INTENT_THRESHOLD && intent !== 'None';

  // A document number names its record whatever else the question says.
  if (jobNumber && (!confident || intent.startsWith('jobcards'))) return { tool: 'job_card_status', args: { jobNumber } };
  if (invoiceNumber && (!confident || intent.startsWith('invoices'))) return { tool: 'invoice_status', args: { invoiceNumber } };

  // The words that are not question words, a period, a plate or a VIN: a name or a make and model.
  const name =
    residualWords(question, [plate ?? '', vin ?? ''].filter(Boolean))
      .join(' ')
      .trim() || undefined;
  const vehicleQuery = vin ?? plate ?? name;

  if (!confident) {
    // No known way of asking, but a plate, VIN or phone alone still says what to look up.
    if (vin || plate) return { tool: 'find_vehicle', args: { query: vin ?? plate } };
    if (phone) return { tool: 'find_customer', args: { query: phone } };
    return { tool: null, reason: 'unknown' };
  }

  const byIntent: Record<Exclude<Intent, 'None'>, () => Plan> = {
    help: () => ({ tool: null, reason: 'help' }),
    greeting: () => ({ tool: null, reason: 'greeting' }),
    'customer.find': () => {
      const query = phone ?? name;
      if (!query && (vin || plate)) return { tool: 'find_vehicle', args: { query: vin ?? plate } };
      return query ? { tool: 'find_customer', args: { query } } : { tool: null, reason: 'needs', needs: 'customer' };
    },
    'vehicle.find': () => {
      if (!vin && !plate && phone) return { tool: 'find_customer', args: { query: phone } };
      const query = vin ?? plate ?? name;
      return query ? { tool: 'find_vehicle', args: { query } } : { tool: null, reason: 'needs', needs: 'vehicle' };
    },
    'vehicle.history': () =>
      vehicleQuery
        ? { tool: 'vehicle_history', args: { vehicle: vehicleQuery } }
        : { tool: null, reason: 'needs', needs: 'vehicle', wanted: 'vehicle_history' },
    'vehicle.due': () =>
      vehicleQuery
        ? { tool: 'vehicle_due', args: { vehicle: vehicleQuery } }
        : { tool: null, reason: 'needs', needs: 'vehicle', wanted: 'vehicle_due' },
    'jobcards.open': () => ({ tool: 'open_job_cards', args: {} }),
    'jobcards.overdue': () => ({ tool: 'overdue_job_cards', args: {} }),
    'jobcards.status': () => ({ tool: 'open_job_cards', args: {} }),
    'invoices.overdue': () => ({ tool: 'overdue_invoices', args: {} }),
    'invoices.owed': () => ({ tool: 'amounts_owed', args: {} }),
    'stock.low': () => ({ tool: 'low_stock', args: {} }),
    schedule: () => ({ tool: 'schedule', args: periodArgs }),
    'technician.load': () => ({ tool: 'technician_load', args: name ? { name } : {} }),
    revenue: () => ({ tool: 'revenue', args: periodArgs }),
  };
  const plan = byIntent[intent as Exclude<Intent, 'None'>]();
  if (plan.tool && PERIOD_TOOLS.has(plan.tool) && !period) return { tool: plan.tool, args: {} };
  return plan;
}

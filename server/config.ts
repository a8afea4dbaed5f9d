import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_REGISTRATIONS_PER_HOUR } from './modules/auth/throttle.ts';
import { parseAllowedHosts, type AllowedHosts } from './lib/hosts.ts';
import type { ModelServer } from './modules/ai/ai-options.ts';

/** Environment → typed configuration. Read once, in main.ts; nothing else reads process.env. */
const envSchema = z.object({
  PORT: z.coerce
    .number({ message: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(5000),
  HOST: z.string().min(1, 'HOST must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  ALLOWED_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseAllowedHosts(value);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'ALLOWED_HOSTS must be * or host names separated by commas, without scheme, port or path (e.g. workbay.example.com,desk.garage.lan)',
        });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIR: z.string().min(1).optional(),
  AI_BASE_URL: z.string().url('AI_BASE_URL must be a URL such as http://127.0.0.1:11434/v1').optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce
    .number({ message: 'AI_TIMEOUT_MS must be a number' })
    .int('AI_TIMEOUT_MS must be a whole number')
    .min(1000, 'AI_TIMEOUT_MS must be at least 1000')
    .max(600_000, 'AI_TIMEOUT_MS must be at most 600000')
    .default(30_000),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ message: 'REGISTRATIONS_PER_HOUR must be a number' })
    .int('REGISTRATIONS_PER_HOUR must be a whole number')
    .min(1, 'REGISTRATIONS_PER_HOUR must be at least 1')
    .max(1_000_000, 'REGISTRATIONS_PER_HOUR must be at most 1000000')
    .default(DEFAULT_REGISTRATIONS_PER_HOUR),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret?: string;
  smtpUrl?: string;
  trustProxy: boolean;
  /** Host names answered besides the defaults, or '*'; unset: the defaults (any host behind a trusted proxy). */
  allowedHosts?: AllowedHosts;
  logLevel: string;
  /** The built web client; dist/web unless WEB_DIR says otherwise. */
  webDir?: string;
  /** New workshops one address may open per hour. */
  registrationsPerHour: number;
  /** An OpenAI-compatible model server for the chat (AI_BASE_URL and AI_MODEL), if any. */
  aiModel?: ModelServer;
};

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  // Empty variables count as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    allowedHosts: e.ALLOWED_HOSTS,
    logLevel: e.LOG_LEVEL,
    webDir: e.WEB_DIR && path.resolve(e.WEB_DIR),
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    aiModel:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, model: e.AI_MODEL, apiKey: e.AI_API_KEY, timeoutMs: e.AI_TIMEOUT_MS }
        : undefined,
  };
}

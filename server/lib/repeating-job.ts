import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` in the background, a first time `firstAfterMs` after the app is ready and then every
 * `everyMs`, until the app closes; a failed run is logged (as `what`) and the next one comes as
 * planned. The timers never keep the process alive.
 */
export function runEvery(
  app: FastifyInstance,
  what: string,
  times: { firstAfterMs: number; everyMs: number },
  job: () => Promise<unknown>,
) {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    job().catch((err: unknown) => app.log.warn({ err }, `${what} failed`));
    timer = setTimeout(run, times.everyMs).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, times.firstAfterMs).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}

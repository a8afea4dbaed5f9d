import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';

// Issue 4: the routes of this module land here.
export async function vehicleRoutes(_app: FastifyInstance, _deps: { db: Db; live: Live }) {}

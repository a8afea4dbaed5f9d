import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../core/permissions.ts';
import type { PublicUser } from '../../core/contracts/auth.ts';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';

/**
 * What a route declares in `config.access`:
 * - 'public': anyone;
 * - 'user': any signed-in user (even one who must still change a password, for the few routes that allow it: see `allowPasswordChangePending`);
 * - a list of roles: signed-in users with one of them.
 */
export type Access = 'public' | 'user' | readonly Role[];

/** Who is calling: the signed-in user (id, workshop, role...) as the session found them. */
export type Actor = PublicUser;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller of a route that is not public: set once the guard let the call through. Reading
     * it where no one is signed in (a public route) answers 401 rather than handing out null.
     */
    readonly actor: Actor;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Routes a user with a pending password change may still call (read self, change password, log out). */
    allowPasswordChangePending?: boolean;
    /**
     * Routes a user who must still set up two-factor sign-in (their workshop requires it) may
     * call: read self, set it up, change a pending password, log out.
     */
    allowTwoFactorSetupPending?: boolean;
  }
}

export const STAFF: readonly Role[] = ['admin', 'manager'];
export const ADMIN: readonly Role[] = ['admin'];
export const ANY_ROLE: readonly Role[] = ['admin', 'manager', 'technician'];

const ROLE_LABEL: Record<Role, string> = { admin: 'an admin', manager: 'a manager', technician: 'a technician' };

/** Every /api route must declare its access; the app refuses to start otherwise. */
export function registerAccessGuard(app: FastifyInstance) {
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      if (!this.user) throw unauthorized();
      return this.user;
    },
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && route.url !== '/ws') return;
    if (route.config?.access === undefined && !route.url.startsWith('/api/docs')) {
      throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  // Before body parsing and validation, so a caller without the role learns nothing from 400s.
  // A refused WebSocket upgrade is closed cleanly because @fastify/websocket is registered first
  // (registerWebSockets).
  app.addHook('onRequest', async (request) => enforceAccess(request));
}

/** The route's declared access, the password-change and two-factor set-up gates and the tenant in the path. */
function enforceAccess(request: FastifyRequest) {
  const config = request.routeOptions.config;
  const access = config?.access;
  if (access === undefined || access === 'public') return;
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.mustChangePassword && !config.allowPasswordChangePending) {
    throw forbidden('auth.password_change_required', 'Please set a new password before continuing');
  }
  if (user.mustSetUpTwoFactor && !config.allowTwoFactorSetupPending) {
    throw forbidden('auth.two_factor_setup_required', 'Please set up two-factor sign-in before continuing');
  }
  if (access !== 'user' && !access.includes(user.role)) {
    const who = access.map((r) => ROLE_LABEL[r]).join(' or ');
    throw forbidden('auth.forbidden_role', `Only ${who} can do this`);
  }
  // The tenant comes from the session: a path naming another workshop does not exist for this user.
  const params = request.params as Record<string, string> | undefined;
  if (params?.tenantId !== undefined && String(user.tenantId) !== String(params.tenantId)) {
    throw new AppError(404, 'tenant.not_found', 'Not found');
  }
}

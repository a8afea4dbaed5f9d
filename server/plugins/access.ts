import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, PERMISSION_CATALOGUE, type Feature, type Permission, type Role } from '../../core/permissions.ts';
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
    /**
     * The overridable permission (core/permissions.ts PERMISSION_CATALOGUE) the route needs, or
     * several that it needs all of. Their default roles must be the route's `access` list (checked
     * at start); the guard then decides by each: the role's default, unless the user holds an
     * unexpired override.
     */
    permission?: Permission | readonly Permission[];
    /**
     * The optional module the route belongs to, or the modules (a report of one module about
     * another's records): while the workshop has any of them off, the route answers 404.
     */
    feature?: Feature | readonly Feature[];
  }
}

export const STAFF: readonly Role[] = ['admin', 'manager'];
export const ADMIN: readonly Role[] = ['admin'];
export const ANY_ROLE: readonly Role[] = ['admin', 'manager', 'technician'];

/**
 * The routes of each optional module, by address: each must declare its `feature` (and no other
 * route may), so a module turned off answers 404 everywhere (checked at start).
 */
export const FEATURE_ROUTES: Record<Feature, readonly RegExp[]> = {
  ai_assistant: [/^\/api\/tenants\/:tenantId\/ai(\/|$)/, /^\/api\/tenants\/:tenantId\/vehicles\/:vehicleId\/ai-history$/],
  analytics: [/^\/api\/tenants\/:tenantId\/analytics(\/|$)/],
  fleet: [/^\/api\/tenants\/:tenantId\/fleet(\/|$)/, /^\/api\/fleet-vehicles(\/|$)/, /^\/api\/tenants\/:tenantId\/analytics\/fleet$/],
};

/** The modules whose routes include `url` (FEATURE_ROUTES). */
export function featuresOfRoute(url: string): Feature[] {
  return (Object.keys(FEATURE_ROUTES) as Feature[]).filter((feature) => FEATURE_ROUTES[feature].some((pattern) => pattern.test(url)));
}

/** A route's permissions or modules as a list (none, one, or several that all apply). */
const listOf = <T extends string>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((role) => b.includes(role));

/** A route's permission and feature, checked at start: a mistake refuses to start, never opens a route. */
function checkRouteRules(
  method: string | string[],
  url: string,
  config: { access?: Access; permission?: Permission | readonly Permission[]; feature?: Feature | readonly Feature[] } | undefined,
) {
  const name = `route ${String(method)} ${url}`;
  for (const permission of listOf(config?.permission)) {
    const roles = PERMISSION_CATALOGUE[permission] as readonly Role[] | undefined;
    if (!roles) throw new Error(`${name} declares an unknown permission ${permission}`);
    if (!Array.isArray(config?.access) || !sameRoles(config.access, roles)) {
      throw new Error(`${name}: config.access must be the default roles of ${permission} (${roles.join(', ')})`);
    }
  }
  const expected = featuresOfRoute(url).sort().join(', ') || 'none';
  const declared = [...listOf(config?.feature)].sort().join(', ') || 'none';
  if (expected !== declared) {
    throw new Error(`${name} must declare config.feature ${expected} (FEATURE_ROUTES), not ${declared}`);
  }
}

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
    checkRouteRules(route.method, route.url, route.config);
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
  // Overridable permissions decide by the user's overrides, else the role (= the access list); a
  // route that needs several needs each of them.
  const permissions = listOf(config.permission);
  const missing = permissions.find((permission) => !hasPermission(user.role, permission, user.permissionOverrides));
  const allowed = permissions.length > 0 ? missing === undefined : access === 'user' || access.includes(user.role);
  if (!allowed) {
    const roles = access === 'user' ? [] : access;
    const who = roles.map((r) => ROLE_LABEL[r]).join(' or ');
    throw forbidden('auth.forbidden_role', `Only ${who} can do this`, missing ? { permission: missing } : undefined);
  }
  // The tenant comes from the session: a path naming another workshop does not exist for this user.
  const params = request.params as Record<string, string> | undefined;
  if (params?.tenantId !== undefined && String(user.tenantId) !== String(params.tenantId)) {
    throw new AppError(404, 'tenant.not_found', 'Not found');
  }
  // A module the workshop turned off does not exist for its users (as an unknown /api path).
  if (listOf(config.feature).some((feature) => user.disabledFeatures.includes(feature))) {
    throw new AppError(404, 'feature.disabled', 'Not found');
  }
}

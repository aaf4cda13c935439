import express, { type RequestHandler, type Router } from 'express';
import type { Role } from '../../../shared/constants';
import type { Db } from '../db/knex';
import { authenticate, type Actor } from './authenticate';
import { forbidden } from './errors';
import { paramsGuard } from './input-guard';

/** Who may call a route: anyone, any signed-in user, or the listed roles. */
export type Access = 'public' | 'authenticated' | readonly Role[];

export interface RegisteredRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  access: Access;
}

/**
 * Every /api route is declared through this router with its access rule, so that
 * the authorization-matrix test can list them all and fail on an undeclared one.
 */
export class ApiRouter {
  readonly router: Router = express.Router();
  readonly routes: RegisteredRoute[] = [];
  private readonly optionalAuth: RequestHandler;
  private readonly requiredAuth: RequestHandler;

  constructor(db: Db, key: Uint8Array) {
    this.optionalAuth = authenticate(db, key, false);
    this.requiredAuth = authenticate(db, key, true);
  }

  private add(method: RegisteredRoute['method'], path: string, access: Access, handlers: RequestHandler[]): void {
    this.routes.push({ method, path, access });
    const guard: RequestHandler[] =
      access === 'public'
        ? [this.optionalAuth]
        : access === 'authenticated'
          ? [this.requiredAuth]
          : [this.requiredAuth, requireRole(access)];
    this.router[method](path, paramsGuard, ...guard, ...handlers);
  }

  get(path: string, access: Access, ...h: RequestHandler[]) {
    this.add('get', path, access, h);
  }
  post(path: string, access: Access, ...h: RequestHandler[]) {
    this.add('post', path, access, h);
  }
  put(path: string, access: Access, ...h: RequestHandler[]) {
    this.add('put', path, access, h);
  }
  patch(path: string, access: Access, ...h: RequestHandler[]) {
    this.add('patch', path, access, h);
  }
  delete(path: string, access: Access, ...h: RequestHandler[]) {
    this.add('delete', path, access, h);
  }
}

export function requireRole(roles: readonly Role[]): RequestHandler {
  return (_req, res, next) => {
    const actor = res.locals.actor as Actor | null;
    if (!actor || !roles.includes(actor.role)) {
      next(forbidden('Your role may not call this route'));
      return;
    }
    next();
  };
}

import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Security headers on every response (filled in by the security-headers work). */
export function registerSecurityHeaders(_app: FastifyInstance, _config: Config): void {}

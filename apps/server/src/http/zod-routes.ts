// Routes typed and validated by the shared zod schemas of @turnpike/contract (types via fastify-type-provider-zod).
import { dropOptionalNulls, issueProblem } from '@turnpike/contract';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { problemError } from './api-error';

/**
 * Validates with a route's zod schemas; the first broken rule answers 400 with the spec's message and the problem code.
 * Fastify types a route's compiler by the route's whole schema object but calls it once per part with that part's schema.
 */
function problemValidatorCompiler<S>(): FastifySchemaCompiler<S> {
  return ({ schema }) => {
    const part = schema as unknown as z.ZodType;
    return (data) => {
      // Fastify hands an absent body or query over as null: read it as an empty object, as the rules expect; a null
      // optional field (new-api's forms send them) reads as not given.
      const result = part.safeParse(dropOptionalNulls(part, data ?? {}));
      return result.success ? { value: result.data } : { error: problemError(issueProblem(result.error.issues[0])) };
    };
  };
}

/** The zod schemas of a route's parts. */
export interface ZodRouteSchema {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
}

/** Route options that validate (and type) the named request parts with zod schemas; spread them into a route's options. */
export function validated<S extends ZodRouteSchema>(schema: S): { schema: S; validatorCompiler: FastifySchemaCompiler<S> } {
  return { schema, validatorCompiler: problemValidatorCompiler<S>() };
}

/** The app whose routes take their request types from zod schemas. */
export function zodRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

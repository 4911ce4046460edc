import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const errorReply = z
  .object({
    code: z.number().int(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorReply' });

/** Declares a route's success reply together with the error replies every route can give. */
export function replies<T extends Record<number, z.ZodType>>(ok: T) {
  return {
    ...ok,
    400: errorReply,
    401: errorReply,
    403: errorReply,
    404: errorReply,
    409: errorReply,
    413: errorReply,
    429: errorReply,
    500: errorReply,
  };
}

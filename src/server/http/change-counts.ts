import { z } from '@hono/zod-openapi';
import { jsonContent } from './openapi.ts';

// Answers that count what a call changed, with the specification's field names (ADR 003).

export const modifiedCount = z.object({ modifiedCount: z.number().int() });
export const deletedCount = z.object({ deletedCount: z.number().int() });
export const insertedId = z.object({ insertedId: z.uuid() });
export const acknowledgedModified = z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() });
export const acknowledgedDeleted = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int() });

/** `{ modifiedCount }`: 1 when the state the call is about holds (the compatibility calls change nothing). */
export const stateHolds = jsonContent(modifiedCount, 'modifiedCount 1 when the state holds');

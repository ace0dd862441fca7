import { z } from 'zod';

/** Validated in the worker like every other message: a malformed one is ignored. */
export const WatchMessageSchema = z.strictObject({ tabId: z.number().int().nonnegative().nullable() });

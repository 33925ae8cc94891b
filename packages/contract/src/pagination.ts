/** Pagination of admin lists (spec section 3: page, limit, totalCount, totalPages). */
import { z } from 'zod';

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

import { z } from 'zod';

/**
 * A cited source under an assistant reply (spec: "Source"). `page` is the 1-based PDF page the
 * link opens at; `page_label` the number printed on that page, when it differs or is known.
 */
export const sourceSchema = z.object({
  file_name: z.string(),
  page: z.number().int().positive().nullable().optional(),
  page_label: z.string().nullable().optional(),
  /** Relevance, 0..1 (shown as a percent). */
  score: z.number().min(0).max(1),
  link: z.string().optional(),
});
export type Source = z.infer<typeof sourceSchema>;

import { z } from 'zod';

/**
 * The texts that theme the product around one reformer. A deployment re-themes by
 * pointing PERSONA_FILE at its own JSON file of this shape; no code changes.
 */
export const personaSchema = z.object({
  productName: z.string().min(1).max(60),
  reformerName: z.string().min(1).max(120),
  /** Lines the landing page types out one after another, in a loop. */
  headlineLines: z.array(z.string().min(1).max(120)).min(1).max(12),
  tagline: z.string().min(1).max(300),
  /** Shown in the browser tab and link previews. */
  description: z.string().min(1).max(300),
});
export type Persona = z.infer<typeof personaSchema>;

import { z } from 'zod';

const DEFAULT_WELCOME = {
  title: 'What would you like to know?',
  description:
    'Ask about the writings and speeches in the knowledge base. Every answer quotes its sources, with the file and page.',
  multilingualHints: [
    'Ask in English, हिन्दी, मराठी, தமிழ், বাংলা, తెలుగు, ಕನ್ನಡ, മലയാളം, ગુજરાતી, ਪੰਜਾਬੀ or اردو',
  ],
  exampleQuestions: [
    'What is the real remedy for the caste system?',
    'What did the Buddha teach about rituals?',
    'Why did Ambedkar warn about hero-worship in politics?',
  ],
  capabilities: [
    {
      title: 'Knowledge Base',
      description: 'Answers come from the writings and speeches, never from guesswork.',
    },
    {
      title: 'Contextual Understanding',
      description: 'Follow-up questions are read in the light of the conversation.',
    },
    {
      title: 'Conversation Memory',
      description: 'Sign in to keep your conversations and return to them later.',
    },
  ],
};

/**
 * The texts that theme the product around one reformer. A deployment re-themes by
 * pointing PERSONA_FILE at its own JSON file of this shape; no code changes.
 */
export const personaSchema = z.object({
  productName: z.string().min(1).max(60),
  reformerName: z.string().min(1).max(120),
  /**
   * Other names and spellings of the reformer ("Babasaheb", "आंबेडकर"). Searches leave them out:
   * nearly every question names him, so they say nothing about which passage answers it.
   */
  reformerAliases: z.array(z.string().min(1).max(120)).max(40).default([]),
  /**
   * The last year of the writings and speeches (Ambedkar: 1956). A question that names only later
   * years (the 1975 Emergency, a 2019 amendment) asks about what they cannot hold: not covered.
   */
  writingsEnd: z.number().int().min(1).max(9999).optional(),
  /**
   * The reformer's short name as readers of a language write it (ISO 639-1 code → name), for the
   * fixed parts of answers: Hindi and Marathi share a script but not always a spelling (अम्बेडकर,
   * आंबेडकर). A language not listed gets the first one-word alias in its script.
   */
  reformerNameByLanguage: z
    .record(z.string().regex(/^[a-z]{2}$/), z.string().min(1).max(60))
    .optional(),
  /** Lines the landing page types out one after another, in a loop. */
  headlineLines: z.array(z.string().min(1).max(120)).min(1).max(12),
  tagline: z.string().min(1).max(300),
  /** Shown in the browser tab and link previews. */
  description: z.string().min(1).max(300),
  /** The chat's empty-conversation screen (spec: welcome screen). */
  welcome: z
    .object({
      title: z.string().min(1).max(120),
      description: z.string().min(1).max(400),
      /** "Ask in your language" hints, one shown at a time, rotating every 3 s. */
      multilingualHints: z.array(z.string().min(1).max(160)).min(1).max(20),
      /** Clicking one sends it. */
      exampleQuestions: z.array(z.string().min(1).max(200)).length(3),
      /** Knowledge Base, Contextual Understanding, Conversation Memory. */
      capabilities: z
        .array(
          z.object({ title: z.string().min(1).max(60), description: z.string().min(1).max(240) }),
        )
        .length(3),
    })
    .default(DEFAULT_WELCOME),
  /**
   * The donation page (/donate). Absent until a deployment sets its own: the Donate link is then
   * hidden and /donate says donations are not set up (no placeholder UPI id ever reaches a donor).
   */
  donation: z
    .object({
      upiId: z.string().min(3).max(100),
      payeeName: z.string().min(1).max(100),
      /** An external payment page (https). */
      paymentUrl: z.url({ protocol: /^https$/ }),
      message: z.string().min(1).max(400),
    })
    .optional(),
});
export type Persona = z.infer<typeof personaSchema>;

/**
 * Who writes this server's answers: a language model (LLM_BASE_URL and LLM_MODEL set), or the
 * offline extractive answerer that quotes the passages. Copy that speaks of costs or of how
 * answers are written follows it.
 */
export const answererSchema = z.enum(['model', 'extractive']);
export type Answerer = z.infer<typeof answererSchema>;

/**
 * GET /api/persona: the persona file's texts and what the server is configured with. `answerer`
 * is optional because a persona inlined into a page by an older server shell may lack it.
 */
export const personaResponseSchema = personaSchema.extend({
  answerer: answererSchema.optional(),
});
export type PersonaResponse = z.infer<typeof personaResponseSchema>;

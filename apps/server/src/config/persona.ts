import { readFile } from 'node:fs/promises';
import { type Persona, type PersonaResponse, personaSchema } from '@samvad/contracts/persona';
import { type Config, ConfigError } from './env.ts';

/** Reads the persona file named by PERSONA_FILE; a bad file stops the start with its path. */
export async function loadPersona(file: string): Promise<Persona> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`PERSONA_FILE: cannot read ${file}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ConfigError(`PERSONA_FILE: ${file} is not valid JSON`, { cause: error });
  }
  const parsed = personaSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`PERSONA_FILE: ${file} is invalid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * The persona as clients get it (GET /api/persona, and the copy inlined into each page): the
 * file's texts plus who writes the answers, so copy about costs and answers tells the truth.
 */
export function personaForClients(persona: Persona, llm: Config['llm']): PersonaResponse {
  return { ...persona, answerer: llm ? 'model' : 'extractive' };
}

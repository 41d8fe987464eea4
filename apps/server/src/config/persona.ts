import { readFile } from 'node:fs/promises';
import { type Persona, personaSchema } from '@samvad/contracts/persona';
import { ConfigError } from './env.ts';

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

/** Where GET the knowledge status (zod-free, so the browser's /chat page carries no zod for it). */
export const KNOWLEDGE_STATUS_PATH = '/api/knowledge/status';

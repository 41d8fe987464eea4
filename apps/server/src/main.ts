// Process entry (`node apps/server/src/main.ts`). Most of start-up is compiling the server's
// modules (drizzle alone is ~450 files), so V8's compiled code is cached on disk and reused by
// every later start: in the OS temp folder, or where NODE_COMPILE_CACHE says. It has to be on
// before the first of those modules is imported, hence this file and the dynamic import.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./start-server.ts');

import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { AppContext, AppSetup } from './app-context.ts';
import { personaForClients } from './config/persona.ts';
import { AppError, errorCodeForStatus } from './http/app-error.ts';
import { contentSecurityPolicy, crossOriginOpenerPolicy } from './http/content-security-policy.ts';
import { registerErrorHandler, sendError } from './http/error-handler.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRequestLog } from './http/request-log.ts';
import { registerRequestMetrics } from './http/request-metrics.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStorageGuard, StorageGuard } from './http/storage-guard.ts';
import { registerViewer } from './http/viewer.ts';
import { registerLoopbackRedirect, registerWebApp } from './http/web-app.ts';
import { AppMetrics } from './metrics/app-metrics.ts';
import { adminAuthRoutes } from './routes/admin-auth-routes.ts';
import { adminDocumentRoutes } from './routes/admin-document-routes.ts';
import { adminEmbeddingRoutes } from './routes/admin-embedding-routes.ts';
import { adminLimitRoutes } from './routes/admin-limit-routes.ts';
import { adminLogRoutes } from './routes/admin-log-routes.ts';
import { adminQualityRoutes } from './routes/admin-quality-routes.ts';
import { adminQualityRunRoutes } from './routes/admin-quality-run-routes.ts';
import { adminUsageRoutes } from './routes/admin-usage-routes.ts';
import { adminUserRoutes } from './routes/admin-user-routes.ts';
import { answerRatingRoutes } from './routes/answer-rating-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { chatRoutes } from './routes/chat-routes.ts';
import { communityCollectionRoutes } from './routes/community-collection-routes.ts';
import { communityPostRoutes } from './routes/community-post-routes.ts';
import { communityProfileRoutes } from './routes/community-profile-routes.ts';
import { conversationRoutes } from './routes/conversation-routes.ts';
import { documentRoutes } from './routes/document-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { knowledgeStatusOf, knowledgeStatusRoutes } from './routes/knowledge-status-routes.ts';
import { limitRoutes } from './routes/limit-routes.ts';
import { metricsRoutes } from './routes/metrics-routes.ts';
import { personaRoutes } from './routes/persona-routes.ts';
import { shareRoutes } from './routes/share-routes.ts';
import { sourceReaderRoutes } from './routes/source-reader-routes.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * What the logs never carry: credentials in headers, and passwords or tokens wherever a body or
 * an object holding one is logged (an error's context, a request logged with its body).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.newPassword',
  'req.body.token',
  'req.body.code',
  'body.password',
  'body.currentPassword',
  'body.newPassword',
  'body.token',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
];

/**
 * Builds the whole HTTP app without listening, so tests drive it with inject(). `logStream`
 * (tests) receives the log lines instead of standard output.
 */
export async function buildApp(
  setup: AppSetup,
  options: { logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  const context: AppContext = {
    ...setup,
    metrics: new AppMetrics(setup.knowledge.index),
    storage: new StorageGuard(setup.database.storageDir),
  };
  const { config } = context;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A URL the router cannot decode (`/%E0%A4%A`) never reaches the hooks or the error handler:
    // it is answered here, in the same shape as every other error, with its request id.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'The address is malformed: it has a broken %-escape.'
          : 'The address could not be read.';
      sendError(reply, new AppError(errorCodeForStatus(error.statusCode ?? 400), message));
    },
    // One line per request instead, when it ends (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients may not hold a connection open forever (slowloris): the headers must arrive
    // within 20 s (set below), a whole request within 5 minutes (a 100 MB upload on a slow
    // link), and a connection idle for a minute is closed.
    requestTimeout: 300_000,
    connectionTimeout: 60_000,
    // On close, idle keep-alive sockets end at once; in-flight requests finish first.
    forceCloseConnections: 'idle',
  });

  app.server.headersTimeout = 20_000;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Set first, so that every response carries it: errors, 404s and streams keep reply headers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerRequestMetrics(app, context.metrics);
  registerRequestLog(app, { trustProxy: config.trustProxy });
  // Before any other check reads a body: a write that cannot be stored is refused at once.
  registerStorageGuard(app, context.storage);

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginOpenerPolicy: crossOriginOpenerPolicy(config),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${context.persona.productName} API`,
        description: `The HTTP API of ${context.persona.productName}.`,
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Decorates reply.sendFile for original documents; serves no route of its own.
  // The route sets type and caching itself: stored files are named by hash, without extension.
  await app.register(fastifyStatic, {
    root: context.knowledge.files.root,
    serve: false,
    contentType: false,
    cacheControl: false,
  });
  registerOriginCheck(app, config);
  registerLoopbackRedirect(app, config);
  registerViewer(app, context);
  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(adminAuthRoutes, context);
  await app.register(adminUserRoutes, context);
  await app.register(adminDocumentRoutes, context);
  await app.register(adminEmbeddingRoutes, context);
  await app.register(adminLimitRoutes, context);
  await app.register(adminLogRoutes, context);
  await app.register(adminUsageRoutes, context);
  await app.register(personaRoutes, context);
  await app.register(documentRoutes, context);
  await app.register(sourceReaderRoutes, context);
  await app.register(knowledgeStatusRoutes, context);
  await app.register(conversationRoutes, context);
  await app.register(shareRoutes, context);
  await app.register(chatRoutes, context);
  await app.register(answerRatingRoutes, context);
  await app.register(adminQualityRoutes, context);
  await app.register(adminQualityRunRoutes, context);
  await app.register(limitRoutes, context);
  await app.register(metricsRoutes, context);
  await app.register(communityProfileRoutes, context);
  await app.register(communityPostRoutes, context);
  await app.register(communityCollectionRoutes, context);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerWebApp(app, config, personaForClients(context.persona, config.llm), () =>
    knowledgeStatusOf(context.knowledge.index),
  );
  return app;
}

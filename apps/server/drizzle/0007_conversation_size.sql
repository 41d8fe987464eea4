ALTER TABLE "conversations" ADD COLUMN "content_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 19: the size of conversations stored before it was kept (text and sources, in characters).
UPDATE "conversations" AS c
SET "content_size" = LEAST(s.size, 2147483647)::integer
FROM (
  SELECT "conversation_id", sum(length("content")::bigint + length("sources"::text)) AS size
  FROM "messages"
  GROUP BY "conversation_id"
) AS s
WHERE s."conversation_id" = c."id";--> statement-breakpoint
-- Issue 19: a guest's snapshot came from their browser, so its answers cannot be vouched for.
-- Those shared before answers were signed are marked unverified, their sources dropped.
UPDATE "shares"
SET "messages" = (
  SELECT coalesce(
    jsonb_agg(
      CASE WHEN e.m->>'role' = 'assistant'
        THEN e.m || '{"unverified": true, "sources": []}'::jsonb
        ELSE e.m END
      ORDER BY e.ord
    ),
    '[]'::jsonb
  )
  FROM jsonb_array_elements("shares"."messages") WITH ORDINALITY AS e(m, ord)
)
WHERE "guest_id" IS NOT NULL AND jsonb_typeof("messages") = 'array';

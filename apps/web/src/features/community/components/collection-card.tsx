import type { Collection } from '@samvad/contracts/community';
import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge.tsx';
import { communityPaths } from '../lib/community-paths.ts';

/** A quote collection in a list (spec §2): title, description, quote count, View Collection. */
export function CollectionCard({ collection }: { collection: Collection }) {
  const quotes = `${collection.quoteCount} ${collection.quoteCount === 1 ? 'quote' : 'quotes'}`;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-serif text-lg font-medium break-words">{collection.title}</h3>
        {!collection.isPublic && (
          <Badge variant="outline">
            <Lock aria-hidden />
            Private
          </Badge>
        )}
      </div>
      {collection.description && (
        <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
          {collection.description}
        </p>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-sm">
        <span className="text-muted-foreground tabular-nums">{quotes}</span>
        <Link
          to={communityPaths.collection(collection.id)}
          aria-label={`View Collection ${collection.title}`}
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
        >
          View Collection
          <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </div>
    </li>
  );
}

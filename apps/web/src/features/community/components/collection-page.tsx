import type { Collection, Post } from '@samvad/contracts/community';
import { Globe, Lock, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Badge } from '../../../shared/ui/badge.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { useCollectionQuote } from '../api/collection-quote.ts';
import { useDeleteCollection } from '../api/delete-collection.ts';
import { useCollection } from '../api/get-collection.ts';
import { useUpdateCollection } from '../api/update-collection.ts';
import { actionFailureToast, isNotFound } from '../lib/action-error.ts';
import { communityPaths } from '../lib/community-paths.ts';
import { CollectionForm } from './collection-form.tsx';
import { useCommunity } from './community-context.tsx';
import { ListError, PostList } from './post-list.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';

/**
 * /community/collections/{id}: the collection (title, description, owner, public or private)
 * and its quotes as posts. Its owner can rename or delete it and take quotes out.
 */
export function CollectionPage({ id }: { id: string }) {
  const { viewer } = useCommunity();
  const query = useCollection(id);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading collection"
        className="h-48 animate-pulse rounded-2xl bg-muted"
      />
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <CollectionNotFound />;
    return <ListError onRetry={() => void query.refetch()} />;
  }
  const pages = query.data.pages;
  const collection = pages[0]?.collection;
  if (!collection) return <CollectionNotFound />;
  const quotes = pages.flatMap((page) => page.quotes);
  const isOwner = viewer.status === 'signed-in' && viewer.userId === collection.owner.userId;
  const count = `${collection.quoteCount} ${collection.quoteCount === 1 ? 'quote' : 'quotes'}`;

  return (
    <div className="mx-auto grid w-full grid-cols-1 max-w-3xl gap-5">
      <section
        aria-labelledby="collection-title"
        className="rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline">
            {collection.isPublic ? <Globe aria-hidden /> : <Lock aria-hidden />}
            {collection.isPublic ? 'Public' : 'Private'}
          </Badge>
          <span className="tabular-nums">{count}</span>
        </div>
        <h1
          id="collection-title"
          className="mt-2 font-serif text-2xl font-medium tracking-tight break-words sm:text-3xl"
        >
          {collection.title}
        </h1>
        {collection.description && (
          <p className="mt-1.5 text-[0.9375rem] leading-relaxed break-words text-muted-foreground">
            {collection.description}
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <Link
            to={communityPaths.profile(collection.owner.username, 'collections')}
            className="flex min-w-0 items-center gap-2 text-sm hover:underline"
          >
            <ProfileAvatar person={collection.owner} size="sm" />
            <span className="truncate">
              <span className="text-muted-foreground">By </span>
              <span className="font-medium">{collection.owner.displayName}</span>
            </span>
          </Link>
          {isOwner && (
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => setDialog('edit')} aria-haspopup="dialog">
                <Pencil aria-hidden />
                Edit
              </Button>
              <Button variant="outline" onClick={() => setDialog('delete')} aria-haspopup="dialog">
                <Trash2 aria-hidden />
                Delete
              </Button>
            </div>
          )}
        </div>
      </section>
      <PostList
        posts={quotes}
        query={query}
        label={`Quotes in ${collection.title}`}
        empty={
          isOwner
            ? 'No quotes here yet. Use Save Quote on any quote to add it.'
            : 'No quotes in this collection yet.'
        }
        extraAction={
          isOwner ? (post) => <RemoveQuoteButton collection={collection} post={post} /> : undefined
        }
      />
      {dialog === 'edit' && (
        <EditCollectionDialog collection={collection} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && (
        <DeleteCollectionDialog collection={collection} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function RemoveQuoteButton({ collection, post }: { collection: Collection; post: Post }) {
  const quote = useCollectionQuote();
  return (
    <button
      type="button"
      disabled={quote.isPending}
      onClick={() =>
        quote.mutate(
          { collectionId: collection.id, postId: post.id, saved: false },
          {
            onSuccess: () => toast({ title: `Removed from ${collection.title}` }),
            onError: (error) => toast(actionFailureToast(error)),
          },
        )
      }
      className="inline-flex h-9 cursor-pointer items-center gap-1 rounded-full px-2.5 text-[0.8125rem] text-muted-foreground hover:bg-secondary hover:text-foreground disabled:opacity-50"
    >
      <X aria-hidden className="size-4" />
      Remove<span className="sr-only"> from the collection</span>
    </button>
  );
}

function EditCollectionDialog({
  collection,
  onClose,
}: {
  collection: Collection;
  onClose(): void;
}) {
  const update = useUpdateCollection(collection.id);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Edit collection">
      <CollectionForm
        initial={collection}
        submitLabel="Save"
        pending={update.isPending}
        secondaryAction={
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        }
        onSubmit={(values) =>
          update.mutate(values, {
            onSuccess: () => {
              toast({ title: 'Collection updated' });
              onClose();
            },
            onError: (error) =>
              toast({
                title: 'Failed to update collection',
                description: apiErrorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      />
    </Modal>
  );
}

function DeleteCollectionDialog({
  collection,
  onClose,
}: {
  collection: Collection;
  onClose(): void;
}) {
  const navigate = useNavigate();
  const deletion = useDeleteCollection(collection.owner.userId);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Delete collection?"
      description={`"${collection.title}" is deleted. The quotes in it stay where they were posted.`}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
          disabled={deletion.isPending}
          onClick={() =>
            deletion.mutate(collection.id, {
              onSuccess: () => {
                toast({ title: 'Collection deleted' });
                navigate(communityPaths.profile(collection.owner.username, 'collections'), {
                  replace: true,
                });
              },
              onError: (error) => toast(actionFailureToast(error)),
            })
          }
        >
          Delete
        </Button>
      </div>
    </Modal>
  );
}

function CollectionNotFound() {
  return (
    <section className="mx-auto grid max-w-md gap-3 rounded-2xl border border-border bg-card p-6 text-center shadow-xs">
      <h1 className="font-serif text-2xl font-medium">Collection Not Found</h1>
      <p className="text-sm text-muted-foreground">
        This collection does not exist, or it is private.
      </p>
      <Button asChild variant="outline" className="mx-auto">
        <Link to={communityPaths.home}>Back to Community</Link>
      </Button>
    </section>
  );
}

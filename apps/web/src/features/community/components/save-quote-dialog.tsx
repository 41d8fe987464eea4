import type { Collection, Post } from '@samvad/contracts/community';
import { COLLECTION_TITLE_MAX_LENGTH } from '@samvad/contracts/community-rules';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Checkbox } from '../../../shared/ui/checkbox.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { collectionHasPostQueryOptions } from '../api/collection-has-post.ts';
import { useCollectionQuote } from '../api/collection-quote.ts';
import { useCreateCollection } from '../api/create-collection.ts';
import { useUserCollections } from '../api/get-user-collections.ts';
import { actionFailureToast } from '../lib/action-error.ts';
import { useCommunity } from './community-context.tsx';

/**
 * Save Quote (replaces the spec's "coming soon"): the viewer's collections with a box each,
 * ticked when the quote is in it; ticking adds, unticking removes, and a new collection can be
 * made here and gets the quote at once.
 */
export function SaveQuoteDialog({ post, onClose }: { post: Post; onClose(): void }) {
  const { me } = useCommunity();
  const collections = useUserCollections(me?.userId);

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Save Quote"
      description="Keep this quote in your collections."
    >
      {collections.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your collections…
        </p>
      ) : collections.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your collections could not be loaded.
        </p>
      ) : collections.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          You have no collections yet. Start one below.
        </p>
      ) : (
        <fieldset className="grid max-h-72 gap-3 overflow-y-auto py-1">
          <legend className="sr-only">Your collections</legend>
          {collections.data.map((collection) => (
            <CollectionChoice key={collection.id} collection={collection} postId={post.id} />
          ))}
        </fieldset>
      )}
      <NewCollectionForm postId={post.id} />
      <div className="flex justify-end">
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

function CollectionChoice({ collection, postId }: { collection: Collection; postId: string }) {
  const has = useQuery(collectionHasPostQueryOptions(collection.id, postId));
  const quote = useCollectionQuote();
  const quotes = `${collection.quoteCount} ${collection.quoteCount === 1 ? 'quote' : 'quotes'}`;
  return (
    <Checkbox
      label={collection.title}
      hint={collection.isPublic ? quotes : `${quotes} · Private`}
      checked={quote.isPending ? Boolean(quote.variables?.saved) : has.data === true}
      disabled={has.isPending || quote.isPending}
      aria-busy={has.isPending || quote.isPending}
      onChange={(event) =>
        quote.mutate(
          { collectionId: collection.id, postId, saved: event.target.checked },
          {
            onSuccess: (_collection, { saved }) =>
              toast({
                title: saved ? `Saved to ${collection.title}` : `Removed from ${collection.title}`,
              }),
            onError: (error) => toast(actionFailureToast(error)),
          },
        )
      }
    />
  );
}

function NewCollectionForm({ postId }: { postId: string }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateCollection();
  const quote = useCollectionQuote();
  const busy = create.isPending || quote.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // React events bubble through portals: keep this submit from reaching any form around the post.
    event.preventDefault();
    event.stopPropagation();
    const trimmed = title.trim();
    if (!trimmed) {
      setError('A collection needs a title');
      return;
    }
    create.mutate(
      { title: trimmed, isPublic: true },
      {
        onSuccess: (collection) => {
          setTitle('');
          setError(undefined);
          quote.mutate(
            { collectionId: collection.id, postId, saved: true },
            {
              onSuccess: () => toast({ title: `Saved to ${collection.title}` }),
              onError: (failure) => toast(actionFailureToast(failure)),
            },
          );
        },
        onError: (failure) => toast(actionFailureToast(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex items-end gap-2 border-t border-border pt-4">
      <TextField
        label="New collection"
        placeholder="A title for the collection"
        value={title}
        maxLength={COLLECTION_TITLE_MAX_LENGTH}
        onChange={(event) => setTitle(event.target.value)}
        error={error}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="outline" disabled={busy} className="mb-0.5">
        {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : <Plus aria-hidden />}
        Create
      </Button>
    </form>
  );
}

import { Link, Navigate, useNavigate } from 'react-router';
import { apiErrorMessage } from '../../../shared/api/error-message.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useCreateCollection } from '../api/create-collection.ts';
import { communityPaths } from '../lib/community-paths.ts';
import { CollectionForm } from './collection-form.tsx';
import { useCommunity } from './community-context.tsx';
import { PageCard, PageLoading } from './page-card.tsx';

/** /community/collections/create: a new quote collection, then to the collection itself. */
export function CreateCollectionPage() {
  const { viewer, me } = useCommunity();
  const navigate = useNavigate();
  const create = useCreateCollection();

  if (viewer.status === 'signed-out') return <Navigate to={communityPaths.home} replace />;
  if (me === null) return <Navigate to={communityPaths.createProfile} replace />;
  if (viewer.status === 'loading' || me === undefined) return <PageLoading />;

  return (
    <PageCard
      title="Create Collection"
      description="Gather quotes you want to keep together. Add them with Save Quote on any quote."
    >
      <CollectionForm
        submitLabel="Create Collection"
        pending={create.isPending}
        secondaryAction={
          <Button variant="ghost" asChild>
            <Link to={communityPaths.profile(me.username, 'collections')}>Cancel</Link>
          </Button>
        }
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (collection) => {
              toast({ title: 'Collection created', description: collection.title });
              navigate(communityPaths.collection(collection.id), { replace: true });
            },
            onError: (error) =>
              toast({
                title: 'Failed to create collection',
                description: apiErrorMessage(error, 'Check your connection and try again.'),
                variant: 'destructive',
              }),
          })
        }
      />
    </PageCard>
  );
}

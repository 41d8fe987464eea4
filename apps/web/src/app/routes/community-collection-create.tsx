import { CreateCollectionPage } from '../../features/community/components/create-collection-page.tsx';

/** `/community/collections/create`. */
export default function CommunityCollectionCreateRoute() {
  return <CreateCollectionPage />;
}

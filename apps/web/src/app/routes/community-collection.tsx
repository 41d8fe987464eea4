import { useParams } from 'react-router';
import { CollectionPage } from '../../features/community/components/collection-page.tsx';

/** `/community/collections/{id}`. */
export default function CommunityCollectionRoute() {
  const { id = '' } = useParams();
  return <CollectionPage key={id} id={id} />;
}

import { QualityReviewQueue } from './quality-review-queue.tsx';

/**
 * The Quality tab (issue #31): what readers said about answers (the review queue), for a
 * deployer to see how their knowledge base answers.
 */
export default function QualityTab() {
  return (
    <div className="grid min-w-0 gap-4">
      <QualityReviewQueue />
    </div>
  );
}

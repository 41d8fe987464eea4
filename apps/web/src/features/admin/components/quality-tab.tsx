import { AddToQuestionSet } from './quality-add-question.tsx';
import { QualityQuestionSet } from './quality-question-set.tsx';
import { QualityReviewQueue } from './quality-review-queue.tsx';
import { QualityRuns } from './quality-runs.tsx';

/**
 * The Quality tab (issue #31): what readers said about answers (the review queue), and the
 * deployment's own question set run against the live knowledge base.
 */
export default function QualityTab() {
  return (
    <div className="grid min-w-0 gap-4">
      <QualityReviewQueue actionsFor={(entry) => <AddToQuestionSet entry={entry} />} />
      <QualityQuestionSet />
      <QualityRuns />
    </div>
  );
}

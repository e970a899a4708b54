import { lazy } from 'react';
import { withEvaluationTexts } from '../../../features/evaluations/texts.ts';

/** The comment dialog, loaded (with the evaluation texts) when first opened. */
export const LazyCommentDialog = lazy(() => withEvaluationTexts(import('./CommentDialog.tsx')));

/** A resource's reviews, loaded (with the evaluation texts) when first shown. */
export const LazyResourceReviews = lazy(() => withEvaluationTexts(import('./ResourceReviews.tsx')));

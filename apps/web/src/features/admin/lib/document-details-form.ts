import type {
  AdminDocument,
  UpdateDocumentDetailsRequest,
} from '@samvad/contracts/admin-documents';
import { ApiError } from '../../../shared/api/api-client.ts';
import type { FormErrors } from './admin-forms.ts';

export type DetailsField = 'title' | 'author' | 'volume' | 'year';
export type DetailsValues = Record<DetailsField, string>;

/** The form as it opens: the title answers give now, and what an admin set before. */
export function detailsValuesOf(document: AdminDocument): DetailsValues {
  return {
    title: document.title,
    author: document.details.author ?? '',
    volume: document.details.volume ?? '',
    year: document.details.year === null ? '' : String(document.details.year),
  };
}

/**
 * The request for the server, which checks every bound and names the field it refuses (so the
 * rules live in one place). An empty author, volume or year clears it. A year that is not a
 * number cannot be sent as one: that alone is refused here.
 */
export function detailsRequestOf(
  values: DetailsValues,
): { request: UpdateDocumentDetailsRequest } | { errors: FormErrors<DetailsField> } {
  const year = values.year.trim();
  if (year !== '' && !/^\d+$/.test(year)) {
    return { errors: { fields: { year: 'Must be a year, such as 1936' } } };
  }
  const orNull = (text: string) => text.trim() || null;
  return {
    request: {
      title: values.title,
      author: orNull(values.author),
      volume: orNull(values.volume),
      year: year === '' ? null : Number(year),
    },
  };
}

const FIELD_PROBLEM = /^body\.(title|author|volume|year): (.+)$/;

/**
 * The server's refusal by field: a 400 reads "body.year: Must be 2999 or earlier; body.title:
 * …" (its error handler names each field). Anything else is the whole form's.
 */
export function detailsErrorsOf(error: unknown): FormErrors<DetailsField> | null {
  if (!error) return null;
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') {
    return {
      form: error instanceof ApiError ? error.serverMessage : 'Could not save.',
      fields: {},
    };
  }
  const fields: FormErrors<DetailsField>['fields'] = {};
  const rest: string[] = [];
  for (const problem of error.serverMessage.split('; ')) {
    const match = FIELD_PROBLEM.exec(problem);
    const field = match?.[1] as DetailsField | undefined;
    if (field && match?.[2]) fields[field] ??= match[2];
    else rest.push(problem);
  }
  return rest.length > 0 ? { form: rest.join('; '), fields } : { fields };
}

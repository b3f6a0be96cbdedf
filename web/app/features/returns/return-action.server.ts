import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { clientReturnCreateRequestSchema, RETURN_PHOTOS_MAX, RETURN_PHOTOS_MAX_MESSAGE } from '@detal/contract';
import { isApiError } from '../../lib/api/errors.ts';
import { withSession } from '../clients/session.server.ts';
import { paths } from '../../paths.ts';
import { PHOTO_FIELD, PHOTO_FILES_FIELD, type ReturnFormRefusal, type ReturnFormValues } from './return-form.ts';

const FIELD_OF: Record<string, keyof ReturnFormRefusal['errors']> = {
  quantity: 'quantity',
  reason: 'reason',
  comment: 'comment',
  photo_ids: 'photos',
  file: 'photos',
};

/** The API's refusal as the form's messages: each field's first, under its field. */
function refusalErrors(error: unknown): ReturnFormRefusal['errors'] {
  if (!isApiError(error) || ![404, 409, 413, 415, 422].includes(error.status)) throw error;
  const body = error.body as { error?: unknown } | null;
  const errors: ReturnFormRefusal['errors'] = {};
  if (body && typeof body.error === 'object' && body.error !== null) {
    for (const [path, messages] of Object.entries(body.error as Record<string, string[]>)) {
      const field = FIELD_OF[path.split('.')[0]!] ?? 'form';
      errors[field] ??= messages[0];
    }
  }
  if (Object.keys(errors).length === 0) errors.form = error.message;
  return errors;
}

/**
 * The return form's action, with or without scripts (issue 32). Scripts sent the photos already and post their
 * ids; without them the files come with the form and go on to the API here, each as its own upload, after the
 * fields are checked (a refused quantity sends no photo). Done, the client lands on «Возвраты».
 */
export async function returnCreateAction(
  request: Request,
  context: AppLoadContext | undefined,
  shipmentLineId: number,
): Promise<ReturnFormRefusal | Response> {
  const form = await request.formData();
  const values: ReturnFormValues = {
    quantity: String(form.get('quantity') ?? '').trim(),
    reason: String(form.get('reason') ?? ''),
    comment: String(form.get('comment') ?? ''),
  };
  const photoIds = form.getAll(PHOTO_FIELD).map(Number);
  const files = form.getAll(PHOTO_FILES_FIELD).filter((file): file is File => file instanceof File && file.size > 0);
  const quantity = /^\d+$/.test(values.quantity) ? Number(values.quantity) : Number.NaN;
  const checked = clientReturnCreateRequestSchema.safeParse({
    shipment_line_id: shipmentLineId,
    quantity,
    reason: values.reason,
    comment: values.comment,
    photo_ids: photoIds,
  });
  if (!checked.success) {
    const errors: ReturnFormRefusal['errors'] = {};
    for (const issue of checked.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'form';
      errors[field] ??= issue.message;
    }
    return { values, errors };
  }
  if (photoIds.length + files.length > RETURN_PHOTOS_MAX)
    return { values, errors: { photos: RETURN_PHOTOS_MAX_MESSAGE } };
  return withSession(request, context, async (api) => {
    try {
      for (const file of files) {
        const { photo } = await api.callShop('client-return-photo-upload-post', {
          file,
          handles: [413, 415, 422],
          signal: request.signal,
        });
        photoIds.push(photo.id);
      }
      const created = await api.callShop('client-return-create-post', {
        body: { ...checked.data, photo_ids: photoIds },
        handles: [404, 409, 422],
        signal: request.signal,
      });
      return redirect(paths.returns(created.id));
    } catch (error) {
      return { values, errors: refusalErrors(error) };
    }
  });
}

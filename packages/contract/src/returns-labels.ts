import type { OrderStatus } from './order-status.ts';

/**
 * The words and limits of cancels and returns without zod (issue 32), so that the storefront's pages may import
 * them at run time (browser.ts); returns.ts builds its schemas on them and re-exports them.
 */

/** Line statuses a client cancels at once: nothing is bought for the line yet. */
export const CANCEL_AT_ONCE_STATUSES = ['new', 'in_work', 'supplier_refused'] as const satisfies readonly OrderStatus[];
/** Line statuses whose cancel is a request a manager decides: bought from a supplier or on its way. */
export const CANCEL_BY_REQUEST_STATUSES = ['ordered', 'in_transit', 'ready'] as const satisfies readonly OrderStatus[];

export const RETURN_REASONS = ['not_fit', 'defect', 'wrong_part', 'shortage', 'refused_at_pickup'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_NAMES: Record<ReturnReason, string> = {
  not_fit: 'Не подошла',
  defect: 'Брак',
  wrong_part: 'Пересорт',
  shortage: 'Недовоз',
  refused_at_pickup: 'Отказ при получении',
};

export const RETURN_PHOTOS_MAX = 5;
/** One photo's largest size: a phone's full-size JPEG fits. */
export const RETURN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const RETURN_PHOTOS_MAX_MESSAGE = 'Не больше 5 фотографий';
export const RETURN_PHOTO_NOT_IMAGE_MESSAGE = 'Файл не является изображением (JPEG, PNG, WebP или HEIC)';
export const RETURN_PHOTO_EMPTY_MESSAGE = 'Файл пуст';
export const returnPhotoTooLargeMessage = (limit: number = RETURN_PHOTO_MAX_BYTES) =>
  `Фотография больше ${Math.floor(limit / (1024 * 1024))} МБ: уменьшите её`;
/**
 * One photo's most pixels (read from its header, never decoded): a 48-megapixel phone's full frame fits; a small
 * file declaring a huge picture (a decompression bomb) would stop the browser of the manager who opens it.
 */
export const RETURN_PHOTO_MAX_PIXELS = 64_000_000;
export const RETURN_PHOTO_PIXELS_MESSAGE = 'Фотография больше 64 мегапикселей: уменьшите её';
/** Photos a client may hold uploaded but not yet attached to a request (each at most RETURN_PHOTO_MAX_BYTES). */
export const RETURN_PHOTOS_UNATTACHED_MAX = 20;
export const RETURN_PHOTOS_UNATTACHED_MESSAGE =
  'Слишком много загруженных фотографий без заявки: отправьте заявку с уже загруженными или попробуйте позже';

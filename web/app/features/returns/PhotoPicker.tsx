import { useEffect, useState } from 'react';
import { RETURN_PHOTOS_MAX } from '@detal/contract/browser';
import { Button, Progress, Stack, Text } from '../../ui/index.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { uploadReturnPhoto } from './photo-upload.ts';
import { PHOTO_FIELD, PHOTO_FILES_FIELD } from './return-form.ts';
import classes from './Returns.module.css';

/** One chosen file: sending (its share sent), sent (the photo's id), or refused (why). */
interface Chosen {
  key: number;
  name: string;
  sent: number;
  photoId: number | null;
  error: string | null;
}

let nextKey = 1;

/**
 * Up to five photos of the goods. With scripts each file goes to the API on its own as soon as it is chosen, with
 * its progress, and the form sends the photos' ids; without them the form sends the files and the page's server
 * sends them on.
 */
export function PhotoPicker({ error, onBusy }: { error?: string; onBusy?: (busy: boolean) => void }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const kept = chosen.filter((item) => item.error === null);
  const room = RETURN_PHOTOS_MAX - kept.length;
  const busy = chosen.some((item) => item.error === null && item.photoId === null);
  useEffect(() => onBusy?.(busy), [busy, onBusy]);
  const update = (key: number, change: Partial<Chosen>) =>
    setChosen((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = (files: File[]) => {
    const taken = files.slice(0, room);
    const added = taken.map((file) => ({ key: nextKey++, name: file.name, sent: 0, photoId: null, error: null }));
    const over = files.slice(room).map((file) => ({
      key: nextKey++,
      name: file.name,
      sent: 0,
      photoId: null,
      error: `Не больше ${RETURN_PHOTOS_MAX} фотографий: этот файл не добавлен`,
    }));
    setChosen((items) => [...items.filter((item) => item.error === null), ...added, ...over]);
    // One at a time, in the order chosen: a slow connection is not split between five files.
    void taken.reduce(
      (previous, file, index) =>
        previous.then(async () => {
          const key = added[index]!.key;
          const result = await uploadReturnPhoto(file, (sent) => update(key, { sent }));
          update(key, result.ok ? { sent: 1, photoId: result.photo.id } : { error: result.message });
        }),
      Promise.resolve(),
    );
  };

  return (
    <Stack gap={6}>
      <label htmlFor="return-photos">
        <Text size="sm" weight={500} component="span">
          Фотографии (до {RETURN_PHOTOS_MAX}, изображения до 10 МБ)
        </Text>
      </label>
      <input
        id="return-photos"
        type="file"
        accept="image/*"
        multiple
        // Without scripts the form carries the files; with them each is sent on its own and only ids go.
        name={hydrated ? undefined : PHOTO_FILES_FIELD}
        disabled={hydrated && room <= 0}
        aria-describedby={error ? 'return-photos-error' : undefined}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) send(files);
        }}
      />
      {chosen.length > 0 ? (
        <ul className={classes.photos} aria-label="Выбранные фотографии">
          {chosen.map((item) => (
            <li key={item.key} className={classes.photo} data-testid="return-photo">
              <span className={classes.photoName}>{item.name}</span>
              {item.error === null ? (
                <Button
                  type="button"
                  variant="subtle"
                  color="gray"
                  size="compact-xs"
                  onClick={() => setChosen((items) => items.filter((other) => other.key !== item.key))}
                  aria-label={`Убрать ${item.name}`}
                >
                  Убрать
                </Button>
              ) : (
                <span />
              )}
              {item.error !== null ? (
                <Text size="xs" tone="error" role="alert" style={{ gridColumn: '1 / -1' }}>
                  {item.error}
                </Text>
              ) : item.photoId === null ? (
                <Progress value={item.sent * 100} size="sm" aria-label={`Загрузка ${item.name}`} />
              ) : (
                <Text size="xs" tone="muted" style={{ gridColumn: '1 / -1' }}>
                  Загружено
                </Text>
              )}
              {item.photoId !== null ? <input type="hidden" name={PHOTO_FIELD} value={item.photoId} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <Text size="xs" tone="error" id="return-photos-error" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

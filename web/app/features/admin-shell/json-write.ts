import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { formFailure } from './form-errors.ts';

/**
 * The back office's structured writes (a pricing profile, a settings section, menus, a page) as route
 * clientActions, like its form writes: the screen submits `{ intent, payload }` as JSON through a fetcher, the
 * route's action sends it to the intent's endpoint (admin caller: 401 and 403 handled there) and answers what
 * came back, or the refusal read once (form-errors.ts). The router then reloads the page's data itself.
 */
export type JsonWriteResult =
  | { intent: string; ok: true; value: unknown }
  | { intent: string; ok: false; message: string; fields: Record<string, string> };

type Writes = Readonly<Record<string, (payload: never) => Promise<unknown>>>;

export async function jsonWriteAction(request: Request, writes: Writes): Promise<JsonWriteResult> {
  const { intent, payload } = (await request.json()) as { intent: string; payload: unknown };
  const write = writes[intent];
  if (!write) throw new Response('Неизвестное действие', { status: 400 });
  try {
    return { intent, ok: true, value: await write(payload as never) };
  } catch (error) {
    return { intent, ok: false, ...formFailure(error) };
  }
}

/** Fields of a refusal keyed without `prefix` (`profile.bands.0.markup` → `bands.0.markup`). */
export const withoutPrefix = (fields: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields).map(([key, text]) => [key.startsWith(prefix) ? key.slice(prefix.length) : key, text]),
  );

/**
 * A screen's JSON write: `submit(intent, payload)` to the page's route action, `saving` meanwhile, and `onAnswer`
 * once per answer (the status beside the button, the errors beside the fields). A screen that the reload after
 * its write mounts anew (its key is the saved version) names the write with `key`, so that its answer outlives it.
 */
export function useJsonWrite(onAnswer: (result: JsonWriteResult) => void, key?: string) {
  const fetcher = useFetcher<JsonWriteResult>(key ? { key } : undefined);
  const handled = useRef<JsonWriteResult | null>(null);
  const answer = fetcher.state === 'idle' ? (fetcher.data ?? null) : null;
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [answer]);
  return {
    saving: fetcher.state !== 'idle',
    submit: (intent: string, payload: unknown) =>
      fetcher.submit({ intent, payload } as never, { method: 'post', encType: 'application/json' }),
  };
}

import { SaveStatus } from './SaveStatus.tsx';

/** A back-office write's answer, as a route action hands it to its fetcher form. */
export interface WriteResult {
  ok: boolean;
  error: string | null;
  /** The form's field messages, by the contract's field names. */
  fields: Record<string, string>;
}

/** The message for the field `name`, when the write was refused for it. */
export const fieldError = (result: WriteResult | null | undefined, name: string) =>
  result && !result.ok ? result.fields[name] : undefined;

/**
 * What came back: the success line, or the refusal when no field of this form (`shown`) already says it, so one
 * message is never printed twice.
 */
export function WriteOutcome({
  result,
  text,
  shown,
}: {
  result: WriteResult | null | undefined;
  text: string;
  shown: readonly string[];
}) {
  if (!result) return null;
  if (!result.ok && Object.keys(result.fields).some((name) => shown.includes(name))) return null;
  return <SaveStatus status={result.ok ? { ok: true, text } : { ok: false, text: result.error ?? '' }} />;
}

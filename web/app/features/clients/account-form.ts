import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { AccountFormResult } from './account-action.ts';

/**
 * One form of the account page: a fetcher of its own (its own pending state and answer) posting to the page's
 * action, the messages to show under its fields, and a form element emptied once a submit went through.
 */
export function useAccountForm() {
  const fetcher = useFetcher<AccountFormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  useEffect(() => {
    if (result?.done) formRef.current?.reset();
  }, [result]);
  return {
    fetcher,
    formRef,
    errors: result && !result.done ? result.errors : undefined,
    submitting: fetcher.state !== 'idle',
  };
}

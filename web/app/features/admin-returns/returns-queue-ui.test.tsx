import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLoaderData } from 'react-router';
import type { ReturnListItem } from '@detal/contract';
import { renderAdminRoutes } from '../../../test/render.tsx';
import { requestedReturn } from '../../../test/returns-fixtures.ts';
import type { ReturnActionResult } from './returns-actions.ts';
import { ReturnsTable } from './ReturnsQueue.tsx';

/** The queue of requested returns, its loader and its action stood in for, as /admin/returns?state=requested. */
function renderQueue() {
  let requested: ReturnListItem[] = [requestedReturn];
  const decided: FormData[] = [];
  renderAdminRoutes(
    [
      {
        path: '/admin/returns',
        loader: () => ({ returns: requested }),
        action: async ({ request }): Promise<ReturnActionResult> => {
          decided.push(await request.formData());
          // Approved: the return leaves the queue of requested ones, as the server's list does.
          requested = [];
          return { intent: 'return-decide', ok: true, error: null, fields: {}, changed: 1 };
        },
        Component: () => (
          <ReturnsTable returns={useLoaderData<{ returns: ReturnListItem[] }>().returns} suppliers={[]} selectable />
        ),
      },
    ],
    ['/admin/returns'],
  );
  return decided;
}

describe('the queue of returns', () => {
  it('says the decision is written even when it approves the last return in the queue', async () => {
    const decided = renderQueue();
    fireEvent.click(await screen.findByRole('checkbox', { name: `Выбрать возврат № ${requestedReturn.id}` }));
    expect(screen.getByTestId('selected-count').textContent).toBe('Выбрано: 1');
    fireEvent.click(screen.getByRole('button', { name: 'Одобрить выбранные' }));

    expect(await screen.findByText('Возвратов нет')).toBeTruthy();
    expect(screen.getByText('Решение записано: 1 возвр.')).toBeTruthy();
    expect(decided).toHaveLength(1);
    expect(decided[0]!.get('decision')).toBe('approve');
    expect(decided[0]!.getAll('return_id')).toEqual([String(requestedReturn.id)]);
    // Nothing is left to decide: the bulk buttons go with the rows.
    expect(within(document.body).queryByRole('button', { name: 'Одобрить выбранные' })).toBeNull();
  });
});

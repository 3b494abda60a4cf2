import type { ClassAssignment } from '@mathgames/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { AssignPracticeForm } from './assign-practice-form.js';

const CLASS = 7;

/** The pupils list answers an empty class; a new assignment is captured and answered as the API does. */
function serve(posted: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === `/api/classes/${CLASS}/assignments` && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return json(
          { message: 'Assigned', assignment: { id: 1, ...body } as unknown as ClassAssignment },
          201,
        );
      }
      if (path === `/api/classes/${CLASS}/pupils`) return json({ items: [] });
      return json({ code: 'not_found', message: 'not found' }, 404);
    }),
  );
}

const practised = () =>
  within(screen.getByTestId('assign-outcomes'))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('data-outcome'));

describe('assigning practice by outcome', () => {
  beforeEach(() => useLanguage('en', 'teacher'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows which outcomes the chosen topic and difficulty practise, and says so when none is confirmed', async () => {
    serve([]);
    const user = userEvent.setup();
    renderWithApp(<AssignPracticeForm classId={CLASS} />);
    const topic = await screen.findByLabelText('Topic');
    // The defaults: addition, easy.
    expect(within(screen.getByTestId('assign-outcomes')).getByText('This practises:')).toBeTruthy();
    expect(practised()).toEqual(['MAT.1.2.2', 'MAT.1.2.4', 'MAT.2.2.2', 'MAT.2.2.3']);
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'çok zor');
    expect(practised()).toEqual(['MAT.3.2.1', 'MAT.3.2.2']);
    await user.selectOptions(topic, 'kesirler');
    expect(practised()).toEqual([]);
    expect(screen.getByTestId('assign-outcomes').textContent).toBe(
      'No Maarif outcome is confirmed for this topic and difficulty yet.',
    );
  });

  it('sets the topic and difficulty from a picked outcome, and assigns that topic and difficulty', async () => {
    const posted: unknown[] = [];
    serve(posted);
    const user = userEvent.setup();
    renderWithApp(<AssignPracticeForm classId={CLASS} />);
    const outcome = (await screen.findByLabelText('Outcome (optional)')) as HTMLSelectElement;
    const topic = screen.getByLabelText('Topic') as HTMLSelectElement;
    const difficulty = screen.getByLabelText('Difficulty') as HTMLSelectElement;
    expect(outcome.value).toBe('');
    // Every outcome can be picked, under its grade, with its code and text.
    expect(
      within(outcome)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Grade 1', 'Grade 2', 'Grade 3']);
    expect(within(outcome).getByRole('option', { name: /^MAT\.3\.2\.3 · Reason about/ })).toBeTruthy();

    await user.selectOptions(outcome, 'MAT.3.2.3');
    expect([topic.value, difficulty.value]).toEqual(['çarpma', 'orta']);
    expect(practised()).toContain('MAT.3.2.3');

    // Another difficulty that still practises it keeps the outcome; one that does not clears it.
    await user.selectOptions(difficulty, 'kolay');
    expect(outcome.value).toBe('MAT.3.2.3');
    await user.selectOptions(difficulty, 'çok kolay');
    expect(outcome.value).toBe('');
    expect(practised()).toEqual(['MAT.2.2.4', 'MAT.2.2.5']);

    await user.selectOptions(outcome, 'MAT.2.2.5');
    expect([topic.value, difficulty.value]).toEqual(['çarpma', 'kolay']);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ gameType: 'çarpma', difficulty: 'kolay', questionsCount: 10 });
    expect(posted[0]).not.toHaveProperty('outcome');
  });

  it('names the outcome picker in Turkish', async () => {
    await useLanguage('tr', 'teacher');
    serve([]);
    renderWithApp(<AssignPracticeForm classId={CLASS} />);
    const outcome = await screen.findByLabelText('Kazanım (isteğe bağlı)');
    expect(within(outcome).getAllByRole('group')[0]!.getAttribute('label')).toBe('1. sınıf');
    expect(screen.getByTestId('assign-outcomes').textContent).toMatch(
      /^Çalıştırdığı kazanımlar:MAT\.1\.2\.2/,
    );
  });
});

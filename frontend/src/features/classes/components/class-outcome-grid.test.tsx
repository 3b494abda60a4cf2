import { type ClassMastery, OUTCOMES, type OutcomeMastery, translate } from '@mathgames/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { ClassOutcomePanel } from './class-outcome-grid.js';

const CLASS = 7;
const PAST = '2020-01-01T00:00:00.000Z';
const FUTURE = '2999-01-01T00:00:00.000Z';

const state = (
  outcome: string,
  level: OutcomeMastery['level'],
  extra: Partial<OutcomeMastery> = {},
): OutcomeMastery => ({
  outcome,
  level,
  games: 3,
  masteredAt: level === 'mastered' ? PAST : null,
  checksPassed: 0,
  checkDueAt: null,
  retained: null,
  needsHelp: false,
  updatedAt: PAST,
  ...extra,
});

const MASTERY: ClassMastery = {
  pupils: [
    {
      pupilId: 11,
      name: 'Ada',
      outcomes: [
        state('MAT.1.2.2', 'mastered', { checksPassed: 2, retained: true }),
        state('MAT.1.2.4', 'mastered', { checksPassed: 1, checkDueAt: PAST }),
        state('MAT.2.2.4', 'practising', { needsHelp: true }),
      ],
    },
    {
      pupilId: 12,
      name: 'Can',
      outcomes: [
        state('MAT.1.2.2', 'proficient', { needsHelp: true, retained: false }),
        state('MAT.2.2.4', 'familiar', { checkDueAt: FUTURE }),
      ],
    },
    { pupilId: 13, name: 'Ece', outcomes: [] },
  ],
  retention: [{ outcome: 'MAT.1.2.2', checked: 4, retained: 3 }],
};

/** The browser's edge: each path answers its JSON (or never, for `pending`), anything else a 404 like the API. */
function serve(routes: Record<string, unknown>, pending: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (pending.includes(path)) return new Promise<Response>(() => {});
      const found = path in routes;
      return new Response(
        JSON.stringify(
          found ? routes[path] : { code: 'not_found', message: translate('class_not_found', 'en') },
        ),
        { status: found ? 200 : 404, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
}

const PATH = `/api/classes/${CLASS}/outcomes`;
const cell = (pupilId: number, code: string) => screen.getByTestId(`outcome-cell-${pupilId}-${code}`);
const itemTexts = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the class × outcome grid', () => {
  beforeEach(() => useLanguage('en', 'teacher'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows each pupil's stage per started outcome as a label and a shape, with its marks, in a real table", async () => {
    serve({ [PATH]: MASTERY });
    renderWithApp(<ClassOutcomePanel classId={CLASS} />);
    const table = await screen.findByRole('table', { name: /^Stage by pupil and outcome/ });
    // Only the outcomes someone started, in the map's order; each code carries its text for pointer users.
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Pupil', 'MAT.1.2.2', 'MAT.1.2.4', 'MAT.2.2.4']);
    expect(headers[3]!.querySelector('abbr')?.getAttribute('title')).toBe(
      OUTCOMES.find((o) => o.code === 'MAT.2.2.4')!.text.en,
    );
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ada', 'Can', 'Ece']);

    const expected: [number, string, string, string][] = [
      [11, 'MAT.1.2.2', 'mastered', 'Mastered, Confirmed'],
      [11, 'MAT.1.2.4', 'mastered', 'Mastered, Check due'],
      [11, 'MAT.2.2.4', 'practising', 'Practising, Needs help'],
      [12, 'MAT.1.2.2', 'proficient', 'Proficient, Needs help'],
      // A check ahead is not due yet: no mark.
      [12, 'MAT.2.2.4', 'familiar', 'Familiar'],
      [12, 'MAT.1.2.4', 'not-started', '—Not started'],
      [13, 'MAT.1.2.2', 'not-started', '—Not started'],
    ];
    for (const [pupilId, code, level, text] of expected) {
      const td = cell(pupilId, code);
      expect(td.tagName).toBe('TD');
      expect(td.getAttribute('data-level')).toBe(level);
      expect(td.textContent).toBe(text);
      // The shape says the rung without colour.
      expect(td.querySelector('svg[data-shape]')?.getAttribute('data-shape')).toBe(level);
    }
    expect(
      [...cell(11, 'MAT.1.2.2').querySelectorAll('[data-mark]')].map((m) => m.getAttribute('data-mark')),
    ).toEqual(['confirmed']);
  });

  it('explains every rung, every mark and every code in text, and names the outcomes nobody started', async () => {
    serve({ [PATH]: MASTERY });
    renderWithApp(<ClassOutcomePanel classId={CLASS} />);
    await screen.findByTestId('outcome-table');
    expect(itemTexts('rung-legend')).toEqual([
      'Not started',
      'Practising',
      'Familiar',
      'Proficient',
      'Mastered',
    ]);
    expect(itemTexts('mark-legend')).toEqual([
      'Check due: the next game on it checks it',
      'Needs help: last game under 50% or a check missed',
      'Confirmed: both checks passed',
    ]);
    const codes = screen.getByTestId('outcome-codes');
    expect([...codes.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'MAT.1.2.2',
      'MAT.1.2.4',
      'MAT.2.2.4',
    ]);
    expect(codes.querySelectorAll('dd')[2]!.textContent).toBe(
      'Analyse multiplication and division on the basis of addition and subtraction (Grade 2)',
    );
    expect(screen.getByTestId('outcomes-untouched').textContent).toBe(
      'Nobody has started yet: MAT.2.2.2, MAT.2.2.3, MAT.2.2.5, MAT.3.2.1, MAT.3.2.2, MAT.3.2.3, MAT.3.2.4',
    );
  });

  it('lists the 30-day retention per outcome and who needs help with what, by name', async () => {
    serve({ [PATH]: MASTERY });
    renderWithApp(<ClassOutcomePanel classId={CLASS} />);
    const retention = await screen.findByTestId('outcome-retention');
    expect(within(retention).getByRole('heading', { name: 'Kept after 30 days' })).toBeTruthy();
    const kept = within(retention).getAllByRole('listitem');
    expect(kept.map((li) => li.getAttribute('data-outcome'))).toEqual(['MAT.1.2.2']);
    expect(kept[0]!.textContent).toContain('3 of 4 kept it · 75%');

    const help = screen.getByTestId('outcome-needs-help');
    expect(within(help).getByRole('heading', { name: 'Who needs help with what' })).toBeTruthy();
    const rows = within(help).getAllByRole('listitem');
    expect(rows.map((li) => li.getAttribute('data-outcome'))).toEqual(['MAT.1.2.2', 'MAT.2.2.4']);
    expect(rows.map((li) => within(li).getByTestId('needs-help-names').textContent)).toEqual(['Can', 'Ada']);
  });
});

describe("the class × outcome grid's other states", () => {
  beforeEach(() => useLanguage('en', 'teacher'));
  afterEach(() => vi.unstubAllGlobals());

  it('says so when nobody kept or needs anything yet, in Turkish too', async () => {
    await useLanguage('tr', 'teacher');
    serve({
      [PATH]: {
        pupils: [{ pupilId: 11, name: 'Ada', outcomes: [state('MAT.1.2.2', 'familiar')] }],
        retention: [],
      },
    });
    renderWithApp(<ClassOutcomePanel classId={CLASS} />);
    await screen.findByTestId('outcome-table');
    expect(cell(11, 'MAT.1.2.2').textContent).toBe('Tanıyor');
    expect(
      within(screen.getByTestId('outcome-retention')).getByText(/^Henüz 30 günlük kontrol yok/),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('outcome-needs-help')).getByText('Şu anda desteğe ihtiyacı olan yok.'),
    ).toBeTruthy();
  });

  it('holds the space while loading, then says when nobody has started or the class has no pupils', async () => {
    serve(
      {
        [PATH]: { pupils: [{ pupilId: 13, name: 'Ece', outcomes: [] }], retention: [] },
        '/api/classes/8/outcomes': { pupils: [], retention: [] },
      },
      ['/api/classes/9/outcomes'],
    );
    renderWithApp(<ClassOutcomePanel classId={9} />);
    const loading = await screen.findByTestId('outcome-grid-loading');
    expect(loading.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();

    renderWithApp(<ClassOutcomePanel classId={CLASS} />);
    expect((await screen.findByTestId('outcome-grid-empty')).textContent).toBe(
      'No outcome started yet. After your pupils play, their stages show up here.',
    );
    renderWithApp(<ClassOutcomePanel classId={8} />);
    await screen.findByText('No pupils yet. Add their names above.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's reason and a retry when the grid cannot load", async () => {
    serve({});
    renderWithApp(<ClassOutcomePanel classId={CLASS} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(translate('class_not_found', 'en'));
    serve({ [PATH]: MASTERY });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cell(11, 'MAT.1.2.2').getAttribute('data-level')).toBe('mastered'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

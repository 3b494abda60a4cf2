import { describe, expect, it } from 'vitest';
import { ALL_SCHOOLS, schoolScopeStatement } from './school-scope.js';

// The scope statement goes with BEGIN in the simple protocol (no parameters): only validated integers reach it
// (docs/decisions/0060-school-scope-row-level-security.md).
describe('schoolScopeStatement', () => {
  it('writes the school set as an integer array literal and turns the every-school scope off', () => {
    expect(schoolScopeStatement({ schoolIds: [3, 7] })).toBe(
      "SELECT set_config('app.school_ids', '{3,7}', true), set_config('app.all_schools', 'off', true)",
    );
    expect(schoolScopeStatement({ schoolIds: [] })).toContain("set_config('app.school_ids', '{}', true)");
  });

  it('gives the consumers every school, with no school set', () => {
    expect(schoolScopeStatement(ALL_SCHOOLS)).toBe(
      "SELECT set_config('app.school_ids', '', true), set_config('app.all_schools', 'on', true)",
    );
  });

  it.each([[0], [-1], [1.5], [Number.NaN], [2 ** 60], ["1}', true); DROP TABLE x; --" as unknown as number]])(
    'refuses %j as a school id',
    (id) => {
      expect(() => schoolScopeStatement({ schoolIds: [1, id] })).toThrow(/school id/);
    },
  );
});

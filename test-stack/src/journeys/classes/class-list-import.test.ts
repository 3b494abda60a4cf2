import { type ClassPupilList, parseClassList, translate } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { createClass } from './classes-api.js';
import { useClassesStack } from './classes-stack.js';

const world = useClassesStack({}, ['Import_Teacher']);

/** A class list as a spreadsheet export holds it: a header, an identity-number column, 30 pupils (docs/product-rules.md#class-list-import). */
function classListCsv(count: number): string {
  const rows = ['Sıra No;Öğrenci No;T.C. Kimlik No;Adı;Soyadı'];
  for (let i = 1; i <= count; i++)
    rows.push(`${i};${100 + i};${10000000000 + i * 7919};Öğrenci${i};Soyadı${i}`);
  return rows.join('\r\n');
}

type ImportReply = { message: string; items: Array<{ id: number; name: string }>; alreadyThere: number };

describe('the class list from e-Okul', () => {
  it('importing a 30-pupil class list twice gives 30 pupils, and no identity number reaches the server', async () => {
    const classId = (await createClass(world.teacher, '4-A', 4)).id;
    const { names } = parseClassList(classListCsv(30));
    const body = { names: names.map((n) => n.name) };
    expect(JSON.stringify(body)).not.toMatch(/\d{11}/);

    const first = await world.teacher.post<ImportReply>(`/api/classes/${classId}/pupils/import`, body);
    expect(first.status).toBe(201);
    expect(first.body.items).toHaveLength(30);
    expect(first.body.alreadyThere).toBe(0);
    const again = await world.teacher.post<ImportReply>(`/api/classes/${classId}/pupils/import`, {
      names: body.names.map((n) => n.toLocaleUpperCase('tr-TR')),
    });
    expect(again.status).toBe(200);
    expect(again.body.items).toEqual([]);
    expect(again.body.alreadyThere).toBe(30);

    const list = await world.teacher.get<ClassPupilList>(`/api/classes/${classId}/pupils`);
    expect(list.body.items).toHaveLength(30);
    const { rows } = await world.stack.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM auth.users u JOIN classes.pupils p ON p.user_id = u.id
        WHERE p.class_id = $1 AND (u.display_name ~ '[0-9]{11}' OR p.display_name ~ '[0-9]{11}')`,
      [classId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a name that holds an identity number, naming the field, in the teacher’s language', async () => {
    const classId = (await createClass(world.teacher, '4-B', 4)).id;
    const res = await world.teacher.post<{ message: string; field: string }>(
      `/api/classes/${classId}/pupils/import`,
      { names: ['Ayşe Yılmaz', 'Ali 12345678901'] },
    );
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('names.1');
    expect([
      translate('pupil_name_has_id_number', 'tr'),
      translate('pupil_name_has_id_number', 'en'),
    ]).toContain(res.body.message);
    const list = await world.teacher.get<ClassPupilList>(`/api/classes/${classId}/pupils`);
    expect(list.body.items).toEqual([]);
  });
});

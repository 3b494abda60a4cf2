import {
  type ClassListImportResponse,
  type ClassListPreview,
  type ClassPupil,
  MAX_PUPILS_PER_CLASS,
  newNames,
  parseClassList,
  pupilNameKey,
} from '@mathgames/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { toast } from '../../../components/ui/toast.js';
import { api } from '../../../lib/api-client.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { classPupilsKey, classPupilsQueryOptions } from '../api/class-pupils.js';
import { TEACHER_CLASSES_KEY } from '../api/teacher-classes.js';
import { CLASS_LIST_ACCEPT, classListText } from './class-list-file.js';
import { LoadError } from './load-error.js';
import { useAddNames } from './use-add-names.js';

/** The largest class list file read (a class of 40 is a few kilobytes). */
const MAX_FILE_BYTES = 512 * 1024;

/**
 * The class list from e-Okul (docs/product-rules.md#class-list-import): open the CSV or Excel file e-Okul exports, or paste the list from a
 * spreadsheet; the
 * names are read in the browser and previewed (identity numbers already left out, pupils already in the class
 * marked); saving adds only the new ones, so importing the same list again adds nobody.
 */
export function ClassListImport({
  classId,
  onAdded,
}: {
  classId: number;
  onAdded: (pupils: ClassPupil[]) => void;
}) {
  const { t } = useTranslation('teacher');
  const message = useMessage();
  const client = useQueryClient();
  const id = useId();
  const pupils = useQuery(classPupilsQueryOptions(classId));
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<ClassListPreview | null>(null);
  const { error, setError, busy, run } = useAddNames();

  const present = (pupils.data?.items ?? []).map((p) => p.name);
  const presentKeys = new Set(present.map(pupilNameKey));
  const toAdd = preview
    ? newNames(
        preview.names.map((n) => n.name),
        present,
      )
    : [];

  function show(content: string) {
    const read = parseClassList(content);
    setPreview(read);
    setError(read.names.length === 0 ? t('import.nothing') : null);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setPreview(null);
      setError(t('import.tooBig'));
      return;
    }
    let content: string;
    try {
      content = await classListText(file);
    } catch {
      setPreview(null);
      setError(t('import.unreadable'));
      return;
    }
    show(content);
  }

  async function save() {
    if (!pupils.data || toAdd.length === 0) return;
    if (present.length + toAdd.length > MAX_PUPILS_PER_CLASS) {
      setError(message('class_full', { max: MAX_PUPILS_PER_CLASS }));
      return;
    }
    await run(async () => {
      const res = await api.post<ClassListImportResponse>(`/api/classes/${classId}/pupils/import`, {
        names: toAdd,
      });
      setPreview(null);
      setText('');
      toast({ title: t('import.added', { count: res.items.length }), variant: 'success' });
      onAdded(res.items);
      // Busy until the class list has the new pupils, so a list opened next marks them as already there.
      await client.invalidateQueries({ queryKey: TEACHER_CLASSES_KEY });
      await client.invalidateQueries({ queryKey: classPupilsKey(classId) });
    });
  }

  return (
    <Card data-testid="class-list-import">
      <h2 className="text-xl font-extrabold text-slate-900">{t('import.title')}</h2>
      <p className="mt-1 text-base text-slate-800">{t('import.hint')}</p>
      <ImportSource
        id={id}
        text={text}
        busy={busy}
        onText={setText}
        onFile={(e) => void onFile(e)}
        onPreview={() => show(text)}
      />
      {error && (
        <p role="alert" className="mt-3 text-base font-semibold text-red-800" data-testid="import-error">
          {error}
        </p>
      )}
      {/* Only against the class's list: before it has loaded, nobody could be marked as already there. */}
      {preview &&
        preview.names.length > 0 &&
        (pupils.data ? (
          <ImportPreview
            id={id}
            preview={preview}
            presentKeys={presentKeys}
            toAddCount={toAdd.length}
            busy={busy}
            onSave={() => void save()}
          />
        ) : pupils.isError ? (
          <LoadError error={pupils.error} onRetry={() => void pupils.refetch()} />
        ) : (
          <Skeleton className="mt-4 h-24" />
        ))}
    </Card>
  );
}

/** Where the list comes from: a file (e-Okul's CSV or Excel export) or text pasted from a spreadsheet. */
function ImportSource({
  id,
  text,
  busy,
  onText,
  onFile,
  onPreview,
}: {
  id: string;
  text: string;
  busy: boolean;
  onText: (text: string) => void;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <div className="mt-3 flex flex-col gap-3">
      <label htmlFor={`${id}-file`} className="text-base font-bold text-slate-800">
        {t('import.fileLabel')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept={CLASS_LIST_ACCEPT}
        onChange={onFile}
        disabled={busy}
        className="min-h-12 text-base file:mr-3 file:min-h-12 file:rounded-full file:border-0 file:bg-brand-600 file:px-5 file:font-bold file:text-white"
        data-testid="import-file"
      />
      <label htmlFor={`${id}-paste`} className="text-base font-bold text-slate-800">
        {t('import.pasteLabel')}
      </label>
      <textarea
        id={`${id}-paste`}
        rows={4}
        value={text}
        onChange={(e) => onText(e.target.value)}
        className="rounded-2xl border-2 border-slate-300 p-3 text-lg focus:border-brand-600"
        data-testid="import-paste"
      />
      <Button
        variant="outline"
        className="self-start"
        onClick={onPreview}
        disabled={text.trim() === ''}
        data-testid="import-preview"
      >
        {t('import.preview')}
      </Button>
    </div>
  );
}

/** The names read, those already in the class marked, and the button that adds the new ones. */
function ImportPreview({
  id,
  preview,
  presentKeys,
  toAddCount,
  busy,
  onSave,
}: {
  id: string;
  preview: ClassListPreview;
  presentKeys: Set<string>;
  toAddCount: number;
  busy: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <section aria-labelledby={`${id}-preview`} className="mt-4" data-testid="import-preview-list">
      <h3 id={`${id}-preview`} className="text-lg font-extrabold">
        {t('import.previewTitle', { count: preview.names.length })}
      </h3>
      {preview.idNumbersDropped > 0 && (
        <p className="mt-1 rounded-xl bg-sky-50 p-3 text-base text-sky-950" data-testid="import-ids-dropped">
          {t('import.idsDropped', { count: preview.idNumbersDropped })}
        </p>
      )}
      <ol className="mt-2 grid gap-1 sm:grid-cols-2">
        {preview.names.map((n) => {
          const there = presentKeys.has(pupilNameKey(n.name));
          return (
            <li
              key={`${n.line}-${n.name}`}
              className="flex items-center justify-between gap-2 rounded-xl bg-slate-50 px-3 py-2"
              data-testid="import-row"
              data-present={there ? 'true' : 'false'}
            >
              <span className="font-bold">{n.name}</span>
              {there && (
                <span className="text-sm font-semibold text-slate-700">{t('import.alreadyThere')}</span>
              )}
            </li>
          );
        })}
      </ol>
      <Button
        size="lg"
        className="mt-3"
        onClick={onSave}
        disabled={busy || toAddCount === 0}
        data-testid="import-save"
      >
        {busy ? t('busy') : t('import.save', { count: toAddCount })}
      </Button>
    </section>
  );
}

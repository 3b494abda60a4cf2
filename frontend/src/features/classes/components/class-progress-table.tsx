import { formatRelativeTime } from '@mathgames/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { serverMessage } from '../../../lib/api-client.js';
import { toLang } from '../../../lib/i18n/i18n.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { usePercent } from '../../../lib/i18n/use-percent.js';
import { classProgressQueryOptions } from '../api/class-pupils.js';
import { ClassTable } from './class-table.js';

/** The class at a glance, refreshed every few seconds while it is open. */
export function ClassProgressTable({ classId }: { classId: number }) {
  const { t, i18n } = useTranslation('teacher');
  const message = useMessage();
  const percent = usePercent();
  const lang = toLang(i18n.resolvedLanguage);
  const query = useQuery(classProgressQueryOptions(classId));
  return (
    <Card>
      <h2 className="text-xl font-extrabold text-slate-900">{t('progress.title')}</h2>
      <p className="mt-1 text-base text-slate-700">{t('progress.intro')}</p>
      {query.isPending ? (
        <Skeleton className="mt-4 h-40" />
      ) : query.isError ? (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-lg font-bold text-red-900">
          {serverMessage(query.error, message('generic_error'))}
        </p>
      ) : query.data.items.length === 0 ? (
        <p className="mt-4 text-lg text-slate-700">{t('pupils.empty')}</p>
      ) : (
        <ClassTable
          className="mt-4"
          testId="class-progress"
          headings={[
            t('pupils.name'),
            t('progress.questions'),
            t('progress.accuracy'),
            t('progress.points'),
            t('progress.level'),
            t('progress.lastPlayed'),
          ]}
        >
          {query.data.items.map((row) => (
            <tr key={row.pupilId} className="border-b border-slate-100" data-testid="progress-row">
              <th scope="row" className="py-2 pr-3 font-bold">
                {row.name}
              </th>
              <td className="py-2 pr-3">{row.questionsThisWeek}</td>
              <td className="py-2 pr-3">
                {row.accuracyThisWeek === null ? '—' : percent(row.accuracyThisWeek)}
              </td>
              <td className="py-2 pr-3">{row.points}</td>
              <td className="py-2 pr-3">{row.level}</td>
              <td className="py-2">
                {row.lastPlayedAt
                  ? formatRelativeTime(row.lastPlayedAt, Date.now(), lang)
                  : t('progress.never')}
              </td>
            </tr>
          ))}
        </ClassTable>
      )}
    </Card>
  );
}

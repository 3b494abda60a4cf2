import {
  EVENT_QUEUES,
  type GameResultRecordedEvent,
  type GameResultRecordedEventV1,
} from '@mathgames/contracts';
import { type AmqpClient, createAmqpClient, createLogger } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment, waitFor } from '@mathgames/platform/testing';
import { CLASSES_CONSUMER, startClassesWorker } from '../index.js';

/** A recorded game in the current version or the retired one a queue may still hold. */
export type RecordedGame = GameResultRecordedEvent | GameResultRecordedEventV1;

/** The classes-worker on a fresh database and vhost, one class in it, and a publisher of recorded games. */
export interface ClassesWorkerKit {
  env: TestEnvironment;
  classId: number;
  /** Publishes the event under its type's routing key (a retired version's too, as an older release did). */
  publish(event: RecordedGame): Promise<void>;
  /** Waits until the worker has applied the event (its id is in processed_events). */
  processed(eventId: string): Promise<void>;
  /** Publishes the events and waits until the worker has applied every one. */
  apply(...events: RecordedGame[]): Promise<void>;
  /** Puts user `userId` on the class roster as "Pupil <id>". */
  addPupil(userId: number): Promise<void>;
  close(): Promise<void>;
}

export async function startClassesWorkerKit(klass: {
  name: string;
  grade: number;
  joinCode: string;
}): Promise<ClassesWorkerKit> {
  const env = await createTestEnvironment();
  // As its own database role, as deployed: the school scope's Row-Level Security binds it (the admin pool does not).
  const asRole = new URL(env.config.DATABASE_URL!);
  asRole.username = 'mathgames_classes';
  asRole.password = '';
  const worker = startClassesWorker({ ...env.config, DATABASE_URL: asRole.toString() });
  const publisher: AmqpClient = createAmqpClient({
    url: env.config.AMQP_URL,
    logger: createLogger('test', 'warn'),
    queues: [EVENT_QUEUES.classes],
  });
  await publisher.ready();
  const { rows } = await env.pool.query<{ id: number }>(
    'INSERT INTO classes.classes (teacher_id, name, grade, join_code) VALUES (1, $1, $2, $3) RETURNING id',
    [klass.name, klass.grade, klass.joinCode],
  );
  const classId = rows[0]!.id;
  const appliedCount = async (ids: string[]) => {
    const counted = await env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM classes.processed_events WHERE consumer = $1 AND event_id = ANY($2::uuid[])',
      [CLASSES_CONSUMER, ids],
    );
    return counted.rows[0]!.n;
  };
  const kit: ClassesWorkerKit = {
    env,
    classId,
    async publish(event) {
      await publisher.publish(event.type, event, {}, { messageId: event.id });
    },
    async processed(eventId) {
      await waitFor(async () => ((await appliedCount([eventId])) > 0 ? true : null));
    },
    async apply(...events) {
      for (const event of events) await kit.publish(event);
      const ids = [...new Set(events.map((e) => e.id))];
      await waitFor(async () => ((await appliedCount(ids)) === ids.length ? true : null));
    },
    async addPupil(userId) {
      await env.pool.query(
        'INSERT INTO classes.pupils (user_id, class_id, display_name) VALUES ($1, $2, $3)',
        [userId, classId, `Pupil ${userId}`],
      );
    },
    async close() {
      await publisher.close();
      await worker.close();
      await env.cleanup();
    },
  };
  return kit;
}

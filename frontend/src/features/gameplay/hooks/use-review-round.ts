import {
  buildReviewQuestions,
  type CurrentUser,
  formatQuestionText,
  type ReviewQuestion,
  type ReviewScheduleResponse,
} from '@mathgames/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { playSound } from '../../../lib/sound.js';
import { postServerReview, REVIEW_KEY, recordGuestReview } from '../api/review-schedule.js';
import { FEEDBACK_MS } from './game-machine.js';
import { usePauseAfterWrong } from './learning-settings.js';

export type ReviewStage =
  | { name: 'overview' }
  | { name: 'playing' }
  | { name: 'finished'; schedule: ReviewScheduleResponse | null };

/**
 * One round of "practice my mistakes": the questions built from the due shapes, the answers, the feedback timer
 * and the clock; at the end the answers move the schedule (the server's, or the guest's on this device).
 */
export function useReviewRound(
  schedule: ReviewScheduleResponse | null | undefined,
  user: CurrentUser | null,
  setGuest: (after: ReviewScheduleResponse) => void,
) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<ReviewStage>({ name: 'overview' });
  const [questions, setQuestions] = useState<ReviewQuestion[]>([]);
  const [answers, setAnswers] = useState<Array<number | null>>([]);
  const [index, setIndex] = useState(0);
  const [feedback, setFeedback] = useState<{ chosen: number; correct: boolean } | null>(null);
  const [pauseAfterWrong] = usePauseAfterWrong();
  const startedAt = useRef(0);
  const [elapsedMs, setElapsedMs] = useState(0);

  const start = () => {
    if (!schedule?.due.length) return;
    playSound('startgame');
    const made = buildReviewQuestions(schedule.due);
    setQuestions(made);
    setAnswers(made.map(() => null));
    setIndex(0);
    setFeedback(null);
    startedAt.current = Date.now();
    setStage({ name: 'playing' });
  };

  const finish = useCallback(
    async (final: Array<number | null>) => {
      const results = questions.map((q, i) => ({ q, userAnswer: final[i] ?? null }));
      if (!user) {
        const after = recordGuestReview(
          results.map(({ q, userAnswer }) => ({ shape: q.shape, correct: userAnswer === q.answer })),
        );
        setGuest(after);
        setStage({ name: 'finished', schedule: after });
        return;
      }
      try {
        const after = await postServerReview({
          answers: results.map(({ q, userAnswer }) => ({
            ...q.shape,
            question: formatQuestionText(q),
            answer: q.answer,
            userAnswer,
          })),
        });
        queryClient.setQueryData(REVIEW_KEY, after);
        setStage({ name: 'finished', schedule: after });
      } catch (error) {
        console.warn('saving the review failed', error);
        setStage({ name: 'finished', schedule: null });
      }
    },
    [questions, user, queryClient, setGuest],
  );

  const advance = useCallback(() => {
    setFeedback(null);
    if (index + 1 >= questions.length) void finish(answers);
    else setIndex(index + 1);
  }, [index, questions.length, answers, finish]);

  const paused = pauseAfterWrong && feedback?.correct === false;
  useEffect(() => {
    if (stage.name !== 'playing' || !feedback || paused) return;
    const timer = setTimeout(advance, FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [stage.name, feedback, paused, advance]);
  useEffect(() => {
    if (stage.name !== 'playing') return;
    const timer = setInterval(() => setElapsedMs(Date.now() - startedAt.current), 500);
    return () => clearInterval(timer);
  }, [stage.name]);

  const answer = useCallback(
    (value: number) => {
      const q = questions[index];
      if (!q || feedback) return;
      const correct = value === q.answer;
      playSound(correct ? 'correct' : 'wrong');
      setAnswers((old) => old.map((a, i) => (i === index ? value : a)));
      setFeedback({ chosen: value, correct });
    },
    [questions, index, feedback],
  );

  return { stage, questions, answers, index, feedback, elapsedMs, paused, start, advance, answer };
}

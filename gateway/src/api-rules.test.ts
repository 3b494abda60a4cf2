import { describe, expect, it } from 'vitest';
import { budgetThenSession } from './api-rules.js';

describe('the budget and session rules every /api path runs', () => {
  it('asks the session only once the budget let the request through', async () => {
    const asked: string[] = [];
    const ask = <T>(rule: string, answer: T): T => {
      asked.push(rule);
      return answer;
    };
    const refused = await budgetThenSession({
      budget: () => ask('budget', 30),
      session: async () => ask('session', { userId: 1 }),
    });
    expect(refused).toEqual({ wait: 30 });
    expect(asked).toEqual(['budget']);

    const admitted = await budgetThenSession({
      budget: async () => ask('budget', null),
      session: async () => ask('session', { userId: 1 }),
    });
    expect(admitted).toEqual({ wait: null, session: { userId: 1 } });
    expect(asked).toEqual(['budget', 'budget', 'session']);
  });

  it('asked together, still answers the budget’s refusal before who asks', async () => {
    const refused = await budgetThenSession({
      budget: async () => 12,
      session: async () => ({ userId: 2 }),
      together: true,
    });
    expect(refused).toEqual({ wait: 12 });
    const guest = await budgetThenSession({ budget: () => null, session: async () => null, together: true });
    expect(guest).toEqual({ wait: null, session: null });
  });

  it('rejects when the session store cannot answer', async () => {
    await expect(
      budgetThenSession({ budget: () => null, session: () => Promise.reject(new Error('redis down')) }),
    ).rejects.toThrow('redis down');
  });
});

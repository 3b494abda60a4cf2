import { ALL_BADGE_CATEGORIES, type CategoryKey } from '@mathgames/contracts';
import { useEffect, useReducer, useRef } from 'react';

/** Both badge lists show pages of 10. */
export const BADGE_PAGE_SIZE = 10;

export interface BadgePagesState {
  filter: CategoryKey;
  /** 0-based. */
  completedPage: number;
  ongoingPage: number;
}

export type BadgePagesAction =
  | { type: 'filter'; filter: CategoryKey }
  | { type: 'completed-page'; page: number }
  | { type: 'ongoing-page'; page: number }
  | { type: 'completed-count-changed' };

export const INITIAL_BADGE_PAGES: BadgePagesState = {
  filter: ALL_BADGE_CATEGORIES,
  completedPage: 0,
  ongoingPage: 0,
};

/** Changing the filter resets both pages; a change in the completed count resets the completed page. */
export function badgePagesReducer(state: BadgePagesState, action: BadgePagesAction): BadgePagesState {
  switch (action.type) {
    case 'filter':
      return { filter: action.filter, completedPage: 0, ongoingPage: 0 };
    case 'completed-page':
      return { ...state, completedPage: Math.max(0, action.page) };
    case 'ongoing-page':
      return { ...state, ongoingPage: Math.max(0, action.page) };
    case 'completed-count-changed':
      return state.completedPage === 0 ? state : { ...state, completedPage: 0 };
  }
}

export function pageCount(length: number, size = BADGE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(length / size));
}

/** The items of one page; a page past the end (the list shrank) shows the last page. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = BADGE_PAGE_SIZE,
): { items: T[]; page: number } {
  const last = pageCount(items.length, size) - 1;
  const current = Math.min(Math.max(0, page), last);
  return { items: items.slice(current * size, current * size + size), page: current };
}

/** Page state of the badges screen; `completedCount` is the summary's completed count (undefined until known). */
export function useBadgePages(completedCount: number | undefined) {
  const [state, dispatch] = useReducer(badgePagesReducer, INITIAL_BADGE_PAGES);
  const previous = useRef(completedCount);
  useEffect(() => {
    if (previous.current !== undefined && completedCount !== undefined && previous.current !== completedCount)
      dispatch({ type: 'completed-count-changed' });
    if (completedCount !== undefined) previous.current = completedCount;
  }, [completedCount]);
  return {
    ...state,
    setFilter: (filter: CategoryKey) => dispatch({ type: 'filter', filter }),
    setCompletedPage: (page: number) => dispatch({ type: 'completed-page', page }),
    setOngoingPage: (page: number) => dispatch({ type: 'ongoing-page', page }),
  };
}

import type { CurrentUser } from '@mathgames/contracts';
import { useState } from 'react';
import { AccountTab } from './account-tab.js';
import type { EditState } from './profile-form.js';

/**
 * For tests: the account tab with its edit state held as the profile screen holds it (no badges); `onEditState`
 * sees each state it moves to.
 */
export function AccountTabHarness({
  user,
  totalGames = 0,
  onEditState,
}: {
  user: CurrentUser;
  totalGames?: number;
  onEditState?: (next: EditState) => void;
}) {
  const [state, setState] = useState<EditState>('view');
  return (
    <AccountTab
      user={user}
      totalGames={totalGames}
      badges={[]}
      badgesFailed={false}
      editState={state}
      onEditState={(next) => {
        onEditState?.(next);
        setState(next);
      }}
    />
  );
}

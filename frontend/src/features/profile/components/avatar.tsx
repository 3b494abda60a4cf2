import type { CurrentUser } from '@mathgames/contracts';
import { displayNameOf } from '../../../lib/auth.js';
import { cn } from '../../../lib/cn.js';

/** The photo, or the first letter of the name on the user's colour (a fixed size: nothing jumps when it loads). */
export function Avatar({ user, className }: { user: CurrentUser; className?: string }) {
  const name = displayNameOf(user);
  if (user.photoUrl)
    return (
      <img
        src={user.photoUrl}
        alt=""
        width={112}
        height={112}
        className={cn('size-28 rounded-full border-4 border-white object-cover shadow-md', className)}
        data-testid="avatar-photo"
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-28 items-center justify-center rounded-full border-4 border-white text-5xl font-black text-white shadow-md',
        className,
      )}
      style={{ backgroundColor: user.avatarColor ?? '#4f46e5' }}
      data-testid="avatar-initial"
    >
      {name.charAt(0).toLocaleUpperCase()}
    </span>
  );
}

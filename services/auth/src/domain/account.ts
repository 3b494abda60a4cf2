import type {
  CurrentUser,
  Lang,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TokenValidationResponse,
} from '@mathgames/contracts';
import { AppError, addressBucket, type PoolClient, withTransaction } from '@mathgames/platform';
import { consumeToken, findUsableToken, insertToken, revokeTokens } from '../data-access/tokens.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  markVerified,
  recordLogin,
  setPasswordHash,
  setVerifiedEmail,
  type UserRecord,
} from '../data-access/users.js';
import { toCurrentUser } from './current-user.js';
import { type AuthDeps, throwIfLimited } from './deps.js';
import { MARK_HOLDS_ADDRESS } from './known-device.js';
import { hashPassword, passwordNeedsRehash, verifyPassword } from './passwords.js';
import { createToken, hashToken, TOKEN_LIFETIME_MS, type TokenPurpose } from './tokens.js';

export type Caller = { ip: string; lang: Lang };

export async function issueToken(
  client: PoolClient,
  purpose: TokenPurpose,
  userId: number,
  email: string,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = createToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]);
  await insertToken(client, { hash, purpose, userId, email, expiresAt });
  return { token, expiresAt };
}

/**
 * Creates the account and queues its verification mail. A taken e-mail looks exactly like success to the
 * caller (no account enumeration) and mails the address's owner instead. A taken username is a 409: names
 * are public anyway and the child needs to pick another.
 */
export async function register(ctx: AuthDeps, input: RegisterRequest, caller: Caller): Promise<void> {
  throwIfLimited(await ctx.limits.take({ registerIp: callerBucket(caller), registerAccount: input.email }));
  const lang = input.lang ?? caller.lang;
  // Hash before looking anything up, so every outcome costs the same time.
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx.pool, async (client) => {
    const userId = await insertUser(client, {
      username: input.username,
      email: input.email,
      passwordHash,
      lang,
      role: input.teacher ? 'teacher' : 'user',
    });
    if (userId !== null) {
      const token = await issueToken(client, 'verify_email', userId, input.email);
      await ctx.mail.verification(
        client,
        { userId, email: input.email, username: input.username, lang },
        token,
      );
      return;
    }
    if (await isUsernameTaken(client, input.username)) {
      throw new AppError(409, 'username_taken', 'username_taken', 'username');
    }
    const owner = mailRecipient(await findUserByEmail(client, input.email));
    if (owner) await ctx.mail.alreadyRegistered(client, owner);
  });
}

/** Who a notice mail goes to, or null for a missing user or one without an address (a pupil). */
function mailRecipient(user: UserRecord | null) {
  return user?.email
    ? { userId: user.id, email: user.email, username: user.username, lang: user.lang }
    : null;
}

function loginKeys(email: string, ip: string) {
  return { loginAccountIp: `${email}|${ip}`, loginAccount: email, loginIp: ip };
}

/** Per-address budgets key on the bucket: an IPv6 client rotating inside its /64 is still one address. */
function callerBucket(caller: Caller): string {
  return addressBucket(caller.ip);
}

/** Checks the password; one generic failure whatever went wrong. Returns the user for the session. */
export async function login(
  ctx: AuthDeps,
  input: LoginRequest,
  caller: Caller,
): Promise<{ userId: number; user: CurrentUser }> {
  const ip = callerBucket(caller);
  const keys = loginKeys(input.email, ip);
  const successKeys = { loginSuccessAccount: input.email, loginSuccessIp: ip };
  const mark = ctx.deviceMark(input.email, ip);
  const knownDevice = await ctx.limits.isKnownDevice(mark, MARK_HOLDS_ADDRESS);
  // A device that logged in to this account before is exempt from the per-account budget, so strangers'
  // guesses from elsewhere cannot keep the owner out; its own consecutive-failure budget still applies.
  const budgets = knownDevice ? { loginAccountIp: keys.loginAccountIp, loginIp: keys.loginIp } : keys;
  throwIfLimited(await ctx.limits.check({ ...budgets, ...successKeys }));

  const user = await findUserByEmail(ctx.pool, input.email);
  // An unknown address still spends one hash verification: equal timing either way.
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await ctx.limits.consume(budgets);
    throw new AppError(401, 'invalid_credentials', 'invalid_credentials');
  }
  await ctx.limits.consume(successKeys);
  await ctx.limits.reset({ loginAccountIp: keys.loginAccountIp });
  await ctx.limits.rememberDevice(mark, MARK_HOLDS_ADDRESS);
  const rehashed = passwordNeedsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
  await recordLogin(ctx.pool, user.id, caller.lang, rehashed);
  const fresh = await findUserById(ctx.pool, user.id);
  return { userId: user.id, user: toCurrentUser(fresh ?? user) };
}

export async function getCurrentUser(ctx: AuthDeps, userId: number): Promise<CurrentUser> {
  const user = await findUserById(ctx.pool, userId);
  // A session outliving its account reads as logged out.
  if (!user) throw new AppError(401, 'unauthorized');
  return toCurrentUser(user);
}

/**
 * The link of /verify-email: a registration's verification (single use, 24 h, only for the address it was
 * sent to) or the confirmation of an e-mail change, which is when the change takes effect.
 */
export async function verifyEmail(ctx: AuthDeps, token: string): Promise<'verified' | 'email_changed'> {
  const hash = hashToken(token);
  const outcome = await withTransaction(ctx.pool, async (client) => {
    const record = await consumeToken(client, hash, 'verify_email');
    if (record) return (await markVerified(client, record.userId, record.email)) ? 'verified' : null;
    const change = await consumeToken(client, hash, 'change_email');
    return change ? applyEmailChange(ctx, client, change) : null;
  });
  if (!outcome) throw new AppError(400, 'invalid_token', 'verification_token_invalid', 'token');
  return outcome;
}

/** The new address proved itself: switch to it, void links sent to the old one, give the old one a way back. */
async function applyEmailChange(
  ctx: AuthDeps,
  client: PoolClient,
  change: { userId: number; email: string },
): Promise<'email_changed' | null> {
  const user = await findUserById(client, change.userId);
  // Another account took the address since the request: the link is void (nothing changes).
  if (!user || (await isEmailTaken(client, change.email, change.userId))) return null;
  if (!(await setVerifiedEmail(client, change.userId, change.email))) return null;
  for (const purpose of ['change_email', 'verify_email', 'reset_password'] as const)
    await revokeTokens(client, change.userId, purpose);
  if (user.email) {
    const revert = await issueToken(client, 'revert_email', change.userId, user.email);
    await ctx.mail.emailChanged(
      client,
      { userId: user.id, email: change.email, username: user.username, lang: user.lang },
      user.email,
      revert,
    );
  }
  return 'email_changed';
}

/**
 * The old address's way back after an e-mail change: restores it, voids every pending link and returns the
 * user whose sessions must all end (whoever changed the address is logged out; the owner resets the password).
 */
export async function revertEmailChange(ctx: AuthDeps, token: string): Promise<number> {
  const invalid = () => new AppError(400, 'invalid_token', 'email_change_token_invalid', 'token');
  return withTransaction(ctx.pool, async (client) => {
    const record = await consumeToken(client, hashToken(token), 'revert_email');
    if (!record || (await isEmailTaken(client, record.email, record.userId))) throw invalid();
    if (!(await setVerifiedEmail(client, record.userId, record.email))) throw invalid();
    for (const purpose of ['change_email', 'verify_email', 'reset_password', 'revert_email'] as const)
      await revokeTokens(client, record.userId, purpose);
    return record.userId;
  });
}

/**
 * Answers at once and does the lookup, token and mail after the response, so neither the body nor the
 * timing tells whether the address has an account.
 */
export async function requestPasswordReset(ctx: AuthDeps, email: string, caller: Caller): Promise<void> {
  throwIfLimited(await ctx.limits.take({ forgotIp: callerBucket(caller), forgotAccount: email }));
  ctx.background.run('forgot-password', async () => {
    const user = await findUserByEmail(ctx.pool, email);
    if (!user?.email) return;
    const address = user.email;
    await withTransaction(ctx.pool, async (client) => {
      const token = await issueToken(client, 'reset_password', user.id, address);
      await ctx.mail.reset(
        client,
        { userId: user.id, email: address, username: user.username, lang: user.lang },
        token,
      );
    });
  });
}

export async function validateResetToken(ctx: AuthDeps, token: string): Promise<TokenValidationResponse> {
  const record = await findUsableToken(ctx.pool, hashToken(token), 'reset_password');
  const user = record ? await findUserById(ctx.pool, record.userId) : null;
  if (!record || !user) return { valid: false, username: null, email: null };
  return { valid: true, username: user.username, email: record.email };
}

/** Spends the token, sets the password and returns the user whose sessions must all end. */
export async function resetPassword(
  ctx: AuthDeps,
  input: ResetPasswordRequest,
  caller: Caller,
): Promise<number> {
  const tokenHash = hashToken(input.token);
  throwIfLimited(
    await ctx.limits.take({ resetIp: callerBucket(caller), resetAccount: tokenHash.toString('hex') }),
  );
  const passwordHash = await hashPassword(input.newPassword);
  const invalid = () => new AppError(400, 'invalid_token', 'reset_token_invalid', 'token');
  const record = await withTransaction(ctx.pool, async (client) => {
    const spent = await consumeToken(client, tokenHash, 'reset_password');
    // Throwing rolls back: a wrong optional e-mail leaves the token unspent for its rightful owner.
    if (!spent || (input.email && input.email !== spent.email.toLowerCase())) throw invalid();
    await setPasswordHash(client, spent.userId, passwordHash);
    await revokeTokens(client, spent.userId, 'reset_password');
    // Opening the mailed link proves the address, so it counts as verified too.
    await markVerified(client, spent.userId, spent.email);
    const owner = mailRecipient(await findUserById(client, spent.userId));
    if (owner) await ctx.mail.passwordChanged(client, owner);
    return spent;
  });
  // The owner just proved themselves: clear the guesses that may have locked the account.
  await ctx.limits.reset({ loginAccount: record.email });
  return record.userId;
}

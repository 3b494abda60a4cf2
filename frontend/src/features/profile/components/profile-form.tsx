import { ABOUT_MAX, type CurrentUser, profileUpdateRequestSchema } from '@mathgames/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';
import { FieldLabel, TextField } from '../../../components/ui/text-field.js';
import { toast } from '../../../components/ui/toast.js';
import { serverMessage } from '../../../lib/api-client.js';
import { displayNameOf, useSetCurrentUser } from '../../../lib/auth.js';
import { type FieldErrors, fieldErrorsOf, serverFieldError } from '../../../lib/forms.js';
import { useMessage } from '../../../lib/i18n/message-catalogue.js';
import { updateProfile } from '../api/update-profile.js';

/** View → edit → saving → saved; cancel or a successful save returns to view. */
export type EditState = 'view' | 'edit' | 'saving' | 'saved';

const FIELDS = ['displayName', 'email', 'about', 'currentPassword', 'avatarColor'] as const;

/** The avatar colours offered (spec: avatarColor); each keeps white initials readable (contrast ≥ 4.5). */
export const AVATAR_COLORS = {
  indigo: '#4f46e5',
  violet: '#7c3aed',
  pink: '#be185d',
  red: '#b91c1c',
  orange: '#c2410c',
  green: '#15803d',
  teal: '#0f766e',
  blue: '#1d4ed8',
} as const;

export function ProfileForm({
  user,
  state,
  onStateChange,
}: {
  user: CurrentUser;
  state: EditState;
  onStateChange: (state: EditState) => void;
}) {
  const { t } = useTranslation('profile');
  const { values, setValues, errors, pupil, emailChanging, form, submit } = useProfileForm(
    user,
    onStateChange,
  );

  const saving = state === 'saving';
  /** What the form's text inputs share: name, value, change handler, error and the lock while saving. */
  const textProps = (name: 'displayName' | 'email' | 'currentPassword') => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
    error: errors[name],
    disabled: saving,
  });
  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="profile-form"
    >
      <TextField label={t('account.displayName')} autoComplete="nickname" {...textProps('displayName')} />
      {!pupil && (
        <>
          <TextField label={t('account.email')} type="email" autoComplete="email" {...textProps('email')} />
          {emailChanging && (
            <div>
              <TextField
                label={t('account.currentPassword')}
                type="password"
                autoComplete="current-password"
                {...textProps('currentPassword')}
              />
              <p className="mt-1 text-sm text-slate-700">{t('account.currentPasswordHint')}</p>
            </div>
          )}
        </>
      )}
      <div>
        <FieldLabel htmlFor="profile-about">{t('account.about')}</FieldLabel>
        <textarea
          id="profile-about"
          name="about"
          rows={4}
          value={values.about}
          onChange={(event) => setValues({ ...values, about: event.target.value })}
          aria-invalid={errors.about ? true : undefined}
          aria-describedby={errors.about ? 'profile-about-error' : 'profile-about-count'}
          disabled={saving}
          className="mt-1 block w-full rounded-2xl border-2 border-slate-300 bg-white px-4 py-3 text-lg focus:border-brand-600"
        />
        <p id="profile-about-count" className="mt-1 text-sm text-slate-700 tabular-nums">
          {t('account.aboutCount', { count: values.about.length, max: ABOUT_MAX })}
        </p>
        {errors.about && (
          <p
            id="profile-about-error"
            className="mt-1 text-base font-semibold text-red-800"
            data-testid="error-about"
          >
            <span aria-hidden="true">⚠ </span>
            {errors.about}
          </p>
        )}
      </div>
      <AvatarColorPicker
        value={values.avatarColor}
        disabled={saving}
        onChange={(color) => setValues({ ...values, avatarColor: color })}
      />
      <label className="flex min-h-12 cursor-pointer items-center gap-3 text-base font-bold text-slate-800">
        <input
          type="checkbox"
          name="receiveNotifications"
          checked={values.receiveNotifications}
          onChange={(event) => setValues({ ...values, receiveNotifications: event.target.checked })}
          disabled={saving}
          className="size-6 accent-brand-600"
        />
        {t('account.receiveNotifications')}
      </label>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving} data-testid="profile-save">
          {saving ? t('account.saving') : t('account.save')}
        </Button>
        <Button variant="ghost" disabled={saving} onClick={() => onStateChange('view')}>
          {t('account.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The form's values and errors, and the submit: checked here first, then saved; a refused field takes the focus. */
function useProfileForm(user: CurrentUser, onStateChange: (state: EditState) => void) {
  const message = useMessage();
  const setUser = useSetCurrentUser();
  const [values, setValues] = useState({
    displayName: displayNameOf(user),
    email: user.email ?? '',
    about: user.about ?? '',
    receiveNotifications: user.receiveNotifications,
    avatarColor: user.avatarColor ?? AVATAR_COLORS.indigo,
    currentPassword: '',
  });
  // A new address needs the current password (a borrowed session alone must not move the account).
  const pupil = user.role === 'pupil';
  const emailChanging = !pupil && values.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [errors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { currentPassword, email, ...others } = values;
    // A pupil's form has no e-mail field, so it sends none (the address stays as it is: none).
    const rest = pupil ? others : { ...others, email };
    const input = emailChanging ? { ...rest, currentPassword } : rest;
    const parsed = fieldErrorsOf(profileUpdateRequestSchema, input, message);
    if (emailChanging && !currentPassword) {
      setErrors({ ...parsed.errors, currentPassword: message('current_password_required') });
      return;
    }
    if (parsed.errors) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    onStateChange('saving');
    try {
      const response = await updateProfile(parsed.data);
      setUser(response.user);
      onStateChange('saved');
      toast({ title: response.message || message('profile_updated'), variant: 'success' });
    } catch (error) {
      onStateChange('edit');
      const fieldError = serverFieldError(error, FIELDS);
      if (fieldError) setErrors(fieldError);
      else
        toast({
          title: message('error_title'),
          description: serverMessage(error, message('profile_update_error')),
          variant: 'destructive',
        });
    }
  }

  return { values, setValues, errors, pupil, emailChanging, form, submit };
}

function AvatarColorPicker({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <fieldset>
      <legend className="block text-base font-bold text-slate-800">{t('account.avatarColor')}</legend>
      <div className="mt-1 flex flex-wrap gap-2" data-testid="avatar-colors">
        {Object.entries(AVATAR_COLORS).map(([name, color]) => (
          <label
            key={name}
            className="relative flex size-12 cursor-pointer items-center justify-center rounded-full has-[:checked]:ring-4 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
            style={{ backgroundColor: color }}
          >
            <input
              type="radio"
              name="avatarColor"
              value={color}
              checked={value.toLowerCase() === color}
              onChange={() => onChange(color)}
              disabled={disabled}
              className="sr-only"
            />
            <span className="sr-only">{t(`account.avatarColorName.${name}`)}</span>
            {value.toLowerCase() === color && (
              <span aria-hidden="true" className="text-xl font-black text-white">
                ✓
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.js';

/** `tinted`: white text, no background of its own: the caller adds one (a topic colour). */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'tinted';
export type ButtonSize = 'md' | 'lg' | 'icon';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-amber-300 text-slate-900 hover:bg-amber-400 shadow-sm',
  outline: 'border-2 border-brand-600 bg-white text-brand-700 hover:bg-brand-50',
  ghost: 'bg-transparent text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
  tinted: 'text-white shadow-sm hover:brightness-110',
};

// Every target at least 48 px high: small children tap with a whole finger.
const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-12 px-5 text-base',
  lg: 'min-h-14 px-7 text-lg',
  icon: 'size-12',
};

/** Class names for a button-looking element (also used on links). */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-bold transition-colors duration-150',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

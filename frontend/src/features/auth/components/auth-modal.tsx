export interface AuthModalProps {
  initialMode: 'login' | 'register';
  onClose: () => void;
}

export default function AuthModal(_props: AuthModalProps) {
  return null;
}

import { PublicPage } from '../../../components/public-page';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <PublicPage title="Forgot your password?">
      <ForgotPasswordForm />
    </PublicPage>
  );
}

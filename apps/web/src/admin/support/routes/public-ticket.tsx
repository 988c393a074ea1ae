import { PublicPage } from '../../../components/public-page';
import { PublicTicketForm } from '../components/public-ticket-form';

/** /:lang/public-ticket (spec §2): no sign-in. */
export default function PublicTicketRoute() {
  return (
    <PublicPage title="Contact the helpdesk" width={520}>
      <PublicTicketForm />
    </PublicPage>
  );
}

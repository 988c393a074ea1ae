import '@mantine/core/styles/List.layer.css';
import { List, Text, Title } from '@mantine/core';
import { PublicPage } from '../../../components/public-page';

export default function AcceptableUseRoute() {
  return (
    <PublicPage title="Acceptable use" width={760}>
      <Text>
        Lantern serves students, staff and partners of our community learning centres (CLCs). By
        signing in you agree to use it for learning, teaching and running our programmes, and in a
        way that keeps everyone safe.
      </Text>
      <Title order={2} fz="h4">
        You agree to
      </Title>
      <List spacing="xs">
        <List.Item>
          keep your password to yourself and sign out on shared computers at the CLC;
        </List.Item>
        <List.Item>
          look only at the records your role needs, and use personal data only for the programme it
          was given for;
        </List.Item>
        <List.Item>
          never download, copy or pass on students' personal data outside the programme;
        </List.Item>
        <List.Item>submit your own work, and credit the sources you use;</List.Item>
        <List.Item>
          treat fellow students, facilitators and staff with respect in every message and
          discussion;
        </List.Item>
        <List.Item>not upload harmful, illegal or someone else's protected material;</List.Item>
        <List.Item>
          not try to get around access rights, and report any weakness you find to the helpdesk.
        </List.Item>
      </List>
      <Text>
        Misuse can lead to your account being locked and, for staff, to the end of your role.
        Questions about this policy or about your data go to the helpdesk.
      </Text>
    </PublicPage>
  );
}

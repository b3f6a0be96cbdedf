import { Box, SimpleGrid, Stack } from '../ui/index.ts';
import { PayerBook } from '../features/payers/PayerBook.tsx';
import type { Route } from './+types/account';
import { AddressBook } from '../features/clients/AddressBook.tsx';
import { PasswordChangeForm } from '../features/clients/PasswordChangeForm.tsx';
import { ProfileForm } from '../features/clients/ProfileForm.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { accountAction } from '../features/clients/account-action.ts';
import { withSession } from '../features/clients/session.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { AccountTabs } from '../features/clients/AccountTabs.tsx';
import { LedgerPanel } from '../features/ledger/LedgerPanel.tsx';
import classes from '../features/clients/AccountSection.module.css';

export const handle = { access: 'session' } satisfies AccessHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  return withSession(request, context, async (api) => {
    const [account, { payers }, ledger] = await Promise.all([
      api.callShop('client-show-account', { signal: request.signal }),
      api.callShop('client-payer-all-post', { body: { archived: false }, signal: request.signal }),
      // The ledger adds to the page: when it cannot be read, the profile still works.
      api.callShop('client-ledger-post', { body: {}, signal: request.signal }).catch(() => null),
    ]);
    return { ...account, payers, ledger };
  });
}

// The account's writes go through the browser's request layer, which holds the token cookie (spec section 3).
export const clientAction = ({ request }: Route.ClientActionArgs) => accountAction(request);

export const meta: Route.MetaFunction = () =>
  pageMeta('Личный кабинет', 'Личный кабинет клиента: профиль, адреса доставки и плательщики.');

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const {
    client,
    delivery_addresses: addresses,
    notify_status_emails: notifyStatusEmails,
    payers,
    ledger,
  } = loaderData;
  return (
    <>
      <AccountTabs />
      <PageIntro title="Личный кабинет">Профиль, адреса доставки, пароль и плательщики.</PageIntro>
      <Box key={`ledger-${client.id}`} className={classes.ledger}>
        <LedgerPanel ledger={ledger} />
      </Box>
      {/* Keyed by the client: another client signing in on this page starts the forms afresh. */}
      <SimpleGrid
        key={client.id}
        cols={{ base: 1, md: 2 }}
        spacing="lg"
        verticalSpacing="lg"
        style={{ alignItems: 'start' }}
      >
        <ProfileForm client={client} notifyStatusEmails={notifyStatusEmails} />
        <Stack gap="lg">
          <AddressBook addresses={addresses} />
          <PasswordChangeForm />
        </Stack>
      </SimpleGrid>
      <Box key={`payers-${client.id}`} className={classes.payers}>
        <PayerBook payers={payers} />
      </Box>
    </>
  );
}

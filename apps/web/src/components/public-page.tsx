import type { ReactNode } from 'react';
import { Anchor, Center, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Footer } from './footer';
import { Logo } from './logo';

/** The frame of the pages that need no sign-in: logo, one card, footer. */
export function PublicPage({
  title,
  children,
  width = 420,
}: {
  title: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <div className="app-frame">
      <header>
        <Center pt="xl" pb="md">
          <Anchor component={Link} to="/en/login" aria-label="Lantern, sign in" underline="never">
            <Logo size={36} />
          </Anchor>
        </Center>
      </header>
      <main className="app-main" id="main">
        <Paper withBorder shadow="xs" p="lg" maw={width} mx="auto" w="calc(100% - 32px)">
          <Stack gap="md">
            <Title order={1} fz="h3">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </main>
      <Footer />
    </div>
  );
}

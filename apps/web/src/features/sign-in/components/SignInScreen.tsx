import { Box, Button, Stack, Text, Title } from '@mantine/core';
import { LogoMark } from '../../../components/LogoMark';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

const TAGLINE =
  'The enterprise platform transforming electric utility and telecommunication problems into advanced solutions.';

interface SignInScreenProps {
  onSignIn: () => void;
  signingIn: boolean;
}

/** The start page for signed-out visitors. */
export function SignInScreen({ onSignIn, signingIn }: SignInScreenProps) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <PublicHeader
        action={
          <Button size="compact-md" variant="default" onClick={onSignIn} loading={signingIn}>
            Sign In
          </Button>
        }
      />
      <Box component="main" style={{ flex: 1, display: 'grid', placeItems: 'center' }} px="md" py={48}>
        <Stack align="center" gap="lg" maw={560} ta="center">
          <LogoMark size={88} />
          <Title order={1} fz={40} fw={700} style={{ letterSpacing: '-0.02em' }}>
            Crossarm
          </Title>
          <Text size="lg" c="dimmed">
            {TAGLINE}
          </Text>
          <Button size="md" px={40} mt="sm" onClick={onSignIn} loading={signingIn}>
            Sign In
          </Button>
        </Stack>
      </Box>
      <PublicFooter />
    </Box>
  );
}

import { Button, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { apiErrorText } from '../lib/apiErrorText';
import { Notice } from './Notice';

/**
 * PageLoadError is what a page shows when the data it is about did not
 * load: a 404 says only notFoundTitle (nothing to tell about something the
 * visitor may not see); any other failure says errorTitle and the API's
 * message in the page's namespace. Both offer a way back.
 */
export function PageLoadError({
  error,
  ns,
  notFoundTitle,
  errorTitle,
  backTo,
  backLabel,
  testId,
}: {
  error: unknown;
  ns: string;
  notFoundTitle: string;
  errorTitle: string;
  backTo: string;
  backLabel: string;
  testId: string;
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Container size="sm" py="xl">
      <Notice color="red" role="alert" title={notFound ? notFoundTitle : errorTitle} data-testid={testId}>
        <Stack gap="sm" align="flex-start">
          {!notFound && <Text size="sm">{apiErrorText(error, ns)}</Text>}
          <Button component={Link} to={backTo} size="xs" variant="default">
            {backLabel}
          </Button>
        </Stack>
      </Notice>
    </Container>
  );
}

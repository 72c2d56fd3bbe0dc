import { PageHeading } from './page-heading';

export function ServiceUnavailable() {
  return (
    <>
      <PageHeading>Service Unavailable</PageHeading>
      <p style={{ margin: 0 }}>The service is currently unavailable. Please try again in a few minutes.</p>
    </>
  );
}

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageColumn } from './page-column';
import { PageNotFound } from './page-not-found';
import { ServiceUnavailable } from './service-unavailable';

/** Last line of defence for errors a page did not handle (a failed code download, a crash). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <PageNotFound />;
  }
  console.error(error);
  return (
    <PageColumn>
      <ServiceUnavailable />
    </PageColumn>
  );
}

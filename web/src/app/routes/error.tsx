import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '@/features/errors';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The router's errorElement: anything thrown while rendering a screen lands here. */
export function ErrorRoute() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen detail={describe(error)} />;
}

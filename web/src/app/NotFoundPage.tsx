import { NotFound } from './NotFound';

/** NotFoundPage: the router's catch-all page, a proper translated 404 with a link home. */
export default function NotFoundPage() {
  return <NotFound />;
}

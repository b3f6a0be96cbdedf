import { data } from 'react-router';

/** Any path no other route matches: a real 404, rendered by the layout's error boundary as 'Page Not Found'. */
export function loader(): never {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

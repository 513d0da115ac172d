// Any path no other route claims: a real 404 through the root error boundary.
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { CookiesDisabled } from "./CookiesDisabled";
import { cookiesBlocked } from "./cookies";

/** Pages that must stay readable with cookies blocked: the ones the cookies screen links to. */
const EXEMPT = new Set(["/terms", "/privacy"]);
/** Public pages and the directory are for anyone, whatever their browser allows. */
const PUBLIC_PREFIXES = ["/p/", "/directory"];
const exempt = (pathname: string) => EXEMPT.has(pathname) || PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));

/**
 * SPEC section 4: cookies enabled means the normal app, disabled means the cookies screen
 * replaces it. Checked in the browser after hydration (the server cannot know).
 */
export function CookieGate({ children }: { children: ReactNode }) {
  const [blocked, setBlocked] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setBlocked(cookiesBlocked()), []);
  if (blocked && !exempt(pathname)) return <CookiesDisabled />;
  return <>{children}</>;
}

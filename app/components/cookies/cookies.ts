const PROBE = "brandwork_cookie_check";

/**
 * Whether this browser keeps cookies for the app: `navigator.cookieEnabled` can say no
 * outright, and some blockers only show up when a written cookie does not read back.
 */
export function cookiesBlocked(doc: Document = document, nav: Navigator = navigator): boolean {
  if (nav.cookieEnabled === false) return true;
  try {
    doc.cookie = `${PROBE}=1; Path=/; SameSite=Lax`;
    const kept = doc.cookie.split(";").some((part) => part.trim().startsWith(`${PROBE}=`));
    doc.cookie = `${PROBE}=; Path=/; Max-Age=0; SameSite=Lax`;
    return !kept;
  } catch {
    return true;
  }
}

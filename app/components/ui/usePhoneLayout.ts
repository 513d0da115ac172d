import { useSyncExternalStore } from "react";
import { breakpoints } from "../../../core/breakpoints";

/** The stylesheet's mobile media query (app/styles/app.css), for layouts that differ in script, not only in CSS. */
export const PHONE_QUERY = `(max-width: ${breakpoints.mobileMax}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the window is phone-width (≤720px) now, following rotation and resizing; false on the server. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}

import { useEffect, useRef, useState } from "react";
import { CheckIcon, CopyIcon } from "./icons";

/** Copies with the Clipboard API, or, where it is refused (no permission, plain http), by selecting a hidden field. */
async function copyText(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    const field = document.createElement("textarea");
    field.value = value;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    const copied = document.execCommand("copy");
    field.remove();
    return copied;
  }
}

/**
 * "Copy" next to a read-only field. Needs JavaScript, so it appears only once the page is
 * interactive; before that the field itself can be selected and copied. Says "Copied" for
 * a moment, to screen readers too.
 */
export function CopyButton({ value, label = "Copy", className = "" }: { value: string; label?: string; className?: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    setHydrated(true);
    return () => clearTimeout(timer.current);
  }, []);
  if (!hydrated) return null;

  const onClick = async () => {
    setState((await copyText(value)) ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  };
  return (
    <button type="button" className={`button copy-button ${className}`.trim()} onClick={onClick} data-state={state}>
      {state === "copied" ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Select the text to copy" : label}</span>
    </button>
  );
}

import { useEffect, useState } from "react";

/** False on the server and the first browser render, true after: for what only the browser draws (the charts). */
export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

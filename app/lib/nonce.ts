import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server, for the inline
 * scripts the document renders. In the browser it is empty: scripts already in the page keep
 * the nonce they were served with, and browsers hide nonce values from the DOM anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

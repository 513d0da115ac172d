import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A branch page's frame: the way back, the heading, then the page's own content. */
export function BranchPageFrame({ back, backLabel, heading, children }: { back: string; backLabel: ReactNode; heading: ReactNode; children: ReactNode }) {
  return (
    <div className="page branch-page">
      <p>
        <Link to={back}>← {backLabel}</Link>
      </p>
      <h1 className="branch-page__title">{heading}</h1>
      {children}
    </div>
  );
}

/** Why the server refused a branch form, announced. */
export function BranchFormProblem({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="branch-form__error">
      {message}
    </p>
  ) : null;
}

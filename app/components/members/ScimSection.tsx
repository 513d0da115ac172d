import { count } from "../../../core/counting";
import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { CopyButton } from "../ui/CopyButton";
import { Field, FormAlert } from "../ui/Field";
import { ChevronIcon, KeyIcon } from "../ui/icons";
import { formatDate, type MembersActionResult, type ScimToken } from "./types";

/**
 * Admins connect an identity provider (Okta, Entra ID, OneLogin…) through SCIM 2.0: the base
 * URL and a bearer token. A new token is shown once, right after it is made; only its hash
 * is kept. Collapsed by default: most workspaces never need it.
 */
export function ScimSection({
  baseUrl,
  tokens,
  revokeHref,
}: {
  baseUrl: string;
  tokens: ScimToken[];
  revokeHref: (tokenId: number) => string;
}) {
  const id = useId();
  const fetcher = useFetcher<MembersActionResult>({ key: "scim-create" });
  const pageResult = useActionData<MembersActionResult>();
  const answer = fetcher.data ?? (pageResult?.intent === "create_scim_token" ? pageResult : undefined);
  const created = answer?.ok ? answer.scimToken : undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  const creating = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const active = tokens.filter((token) => token.status === "active").length;

  useEffect(() => {
    if (fetcher.state === "idle" && created) {
      formRef.current?.reset();
      tokenRef.current?.focus();
    }
  }, [fetcher.state, created]);

  return (
    // Open whenever it has something to say: a new token, a refusal, or a token just revoked (without JavaScript).
    <details className="members-card scim" open={Boolean(answer) || pageResult?.intent === "revoke_scim_token" || undefined}>
      <summary className="scim__summary">
        <span className="scim__icon" aria-hidden="true">
          <KeyIcon />
        </span>
        <span className="scim__heading">
          <span className="members-card__title" id={`${id}-title`}>
            Provisioning (SCIM)
          </span>
          <span className="scim__sub">
            {active ? count(active, "active token") : "Not connected"} · Admins only
          </span>
        </span>
        <ChevronIcon className="scim__chevron" aria-hidden="true" />
      </summary>

      <div className="scim__body">
        <p className="members-card__text">
          Connect an identity provider such as Okta, Microsoft Entra ID or OneLogin to add people, update their names and
          deactivate them here automatically. People it adds get an email to set their password.
        </p>

        <div className="field">
          <label className="field__label" htmlFor={`${id}-base`}>
            SCIM base URL
          </label>
          <div className="copy-field">
            <input id={`${id}-base`} className="input input--compact copy-field__input" readOnly value={baseUrl} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={baseUrl} label="Copy URL" className="button--small" />
          </div>
        </div>

        {created ? (
          <div className="scim-new" role="status">
            <p className="scim-new__title">Copy the token for “{created.name}” now</p>
            <p className="scim-new__warning">
              For your security it is shown only this once. If you lose it, revoke it and create another.
            </p>
            <div className="copy-field">
              <label htmlFor={`${id}-token`} className="visually-hidden">
                New SCIM token
              </label>
              <input
                id={`${id}-token`}
                ref={tokenRef}
                className="input input--compact copy-field__input scim-new__token"
                readOnly
                value={created.token}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={created.token} label="Copy token" className="button--small" />
            </div>
            <p className="field__hint">In your identity provider, use it as the bearer token (“API token”) with the base URL above.</p>
          </div>
        ) : null}

        <fetcher.Form method="post" className="scim-create" ref={formRef} aria-label="Create a SCIM token">
          <input type="hidden" name="intent" value="create_scim_token" />
          <Field
            label="Token name"
            name="name"
            required
            maxLength={80}
            autoComplete="off"
            placeholder="e.g. Okta"
            hint="Name it after the identity provider that will use it."
            errors={failed?.fields?.name}
          />
          <button type="submit" className="button" disabled={creating} aria-busy={creating || undefined}>
            {creating ? "Creating…" : "Create token"}
          </button>
        </fetcher.Form>
        <FormAlert message={failed && !failed.fields?.name ? failed.message : null} />

        <section aria-labelledby={`${id}-tokens`} className="scim-tokens">
          <h3 id={`${id}-tokens`} className="scim-tokens__title">
            Tokens
          </h3>
          {tokens.length ? (
            <ul className="scim-tokens__list">
              {tokens.map((token) => (
                <li key={token.id} className="scim-token" data-status={token.status}>
                  <span className="scim-token__who">
                    <span className="scim-token__name">{token.name}</span>
                    <span className="scim-token__meta">
                      Created {formatDate(token.created_at)}
                      {token.created_by ? ` by ${token.created_by}` : ""} ·{" "}
                      {token.status === "revoked"
                        ? `Revoked ${formatDate(token.revoked_at)}`
                        : token.last_used_at
                          ? `Last used ${formatDate(token.last_used_at)}`
                          : "Never used"}
                    </span>
                  </span>
                  {token.status === "active" ? (
                    <Link to={revokeHref(token.id)} replace preventScrollReset className="button button--small button--destructive-outline">
                      Revoke…
                    </Link>
                  ) : (
                    <span className="status-pill status-pill--deactivated">Revoked</span>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="members-card__empty">No tokens yet. Create one above, then paste it and the base URL into your identity provider.</p>
          )}
        </section>
      </div>
    </details>
  );
}

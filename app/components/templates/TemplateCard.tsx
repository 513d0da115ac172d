import { Link, useLocation } from "@remix-run/react";
import { TemplateIcon } from "../ui/icons";
import { templateRefOf, type GalleryTemplate } from "./types";

/** One template in the gallery: the whole card opens its preview. */
export function TemplateCard({ template, workspaceId, selected }: { template: GalleryTemplate; workspaceId: number; selected: boolean }) {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  query.delete("saved");
  const search = query.toString();
  const href = `/workspaces/${workspaceId}/templates/${templateRefOf(template)}${search ? `?${search}` : ""}`;
  return (
    <li className="link-card tpl-card" data-selected={selected || undefined}>
      <span className="link-card__icon" aria-hidden="true">
        <TemplateIcon />
      </span>
      <div className="link-card__body">
        <h3 className="link-card__title">
          <Link to={href} preventScrollReset className="link-card__link" aria-current={selected ? "true" : undefined}>
            {template.title || "Untitled template"}
          </Link>
        </h3>
        {template.description ? <p className="link-card__description">{template.description}</p> : null}
        {template.category ? <p className="tpl-card__category">{template.category.name}</p> : null}
      </div>
    </li>
  );
}

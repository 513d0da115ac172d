import type { CampaignItemOut, CampaignOut } from "../../core/contracts/content";
import type { Campaign, CampaignItem } from "../db/schema";

export function presentCampaignItem(item: CampaignItem): CampaignItemOut {
  return {
    id: item.id,
    campaign_id: item.campaignId,
    channel: item.channel,
    position: item.position,
    publish_on: item.publishOn,
    title: item.title,
    description: item.description,
    body: item.body,
    hashtags: item.hashtags,
    image_brief: item.imageBrief,
    notes: item.notes,
    derived_from_id: item.derivedFromId,
    status: item.status,
    updated_at: item.updatedAt.toISOString(),
  };
}

export function presentCampaign(campaign: Campaign, items?: CampaignItem[]): CampaignOut {
  return {
    id: campaign.id,
    name: campaign.name,
    brief: campaign.brief,
    goal: campaign.goal,
    starts_on: campaign.startsOn,
    ends_on: campaign.endsOn,
    channels: campaign.channels,
    strategy: campaign.strategy,
    status: campaign.status,
    brand_kit_id: campaign.brandKitId,
    created_at: campaign.createdAt.toISOString(),
    updated_at: campaign.updatedAt.toISOString(),
    ...(items ? { items: items.map(presentCampaignItem) } : {}),
  };
}

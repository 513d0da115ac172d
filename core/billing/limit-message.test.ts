import { describe, expect, it } from "vitest";
import { limitMessage } from "./limit-message";
import { plans } from "./plans";

const GB = 1024 ** 3;
const now = new Date("2027-03-15T12:00:00Z");

describe("limitMessage", () => {
  it("names a monthly limit, how much is used, the plan that lifts it and when it resets", () => {
    const { message, upgrade } = limitMessage({ key: "generations", plan: plans.free, allowed: 20, used: 20, adding: 1, now, isAdmin: true });
    expect(message).toBe("This workspace has used 20 of 20 generations this month on the Free plan. Upgrade to Pro for 500 generations a month, or wait until 1 April.");
    expect(upgrade?.id).toBe("pro_monthly");
  });

  it("asks a member to ask an admin", () => {
    const { message } = limitMessage({ key: "scheduled_posts", plan: plans.free, allowed: 10, used: 9, adding: 2, now, isAdmin: false });
    expect(message).toBe(
      "This workspace has used 9 of 10 scheduled posts this month on the Free plan. Ask an admin to upgrade to Pro for 300 scheduled posts a month, or wait until 1 April.",
    );
  });

  it("says what to remove for a limit that is not monthly", () => {
    expect(limitMessage({ key: "brand_kits", plan: plans.free, allowed: 1, used: 1, adding: 1, now, isAdmin: true }).message).toBe(
      "This workspace has used 1 of 1 brand kit on the Free plan. Upgrade to Pro for 5 brand kits, or remove one first.",
    );
    expect(limitMessage({ key: "social_accounts", plan: plans.free, allowed: 2, used: 2, adding: 1, now, isAdmin: true }).message).toBe(
      "This workspace has used 2 of 2 connected accounts on the Free plan. Upgrade to Pro for 10 connected accounts, or remove one first.",
    );
  });

  it("reads storage in bytes people know, and offers deleting files", () => {
    expect(limitMessage({ key: "storage_bytes", plan: plans.free, allowed: GB, used: GB / 2, adding: GB, now, isAdmin: true }).message).toBe(
      "This workspace has used 512 MB of 1 GB of storage on the Free plan. Upgrade to Pro for 50 GB of storage, or delete files you no longer need.",
    );
  });

  it("offers Team when Pro would not be enough", () => {
    const { message, upgrade } = limitMessage({ key: "brand_kits", plan: plans.pro_monthly, allowed: 5, used: 5, adding: 1, now, isAdmin: true });
    expect(upgrade?.id).toBe("team");
    expect(message).toBe("This workspace has used 5 of 5 brand kits on the Pro plan. Upgrade to Team for unlimited brand kits, or remove one first.");
  });

  it("on a paid plan, lifts seats by buying more rather than another plan", () => {
    const admin = limitMessage({ key: "seats", plan: plans.pro_monthly, allowed: 3, used: 3, adding: 1, now, isAdmin: true });
    expect(admin.upgrade).toBeNull();
    expect(admin.message).toBe("This workspace has used 3 of 3 seats on the Pro plan. Buy more seats in Settings → Billing, or remove someone first.");
    expect(limitMessage({ key: "seats", plan: plans.pro_monthly, allowed: 3, used: 3, adding: 1, now, isAdmin: false }).message).toBe(
      "This workspace has used 3 of 3 seats on the Pro plan. Ask an admin to buy more seats in Settings → Billing, or remove someone first.",
    );
    expect(limitMessage({ key: "seats", plan: plans.pro_monthly, allowed: 10, used: 10, adding: 1, now, isAdmin: true }).upgrade?.id).toBe("team");
  });

  it("on Free, lifts seats with Pro", () => {
    expect(limitMessage({ key: "seats", plan: plans.free, allowed: 2, used: 2, adding: 1, now, isAdmin: true }).message).toBe(
      "This workspace has used 2 of 2 seats on the Free plan. Upgrade to Pro for 10 seats, or remove someone first.",
    );
  });

  it("on the top plan, says only how to make room", () => {
    expect(limitMessage({ key: "generations", plan: plans.team, allowed: 3000, used: 3000, adding: 1, now, isAdmin: true }).message).toBe(
      "This workspace has used 3000 of 3000 generations this month on the Team plan. Wait until 1 April.",
    );
    expect(limitMessage({ key: "social_accounts", plan: plans.team, allowed: 50, used: 50, adding: 1, now, isAdmin: false }).message).toBe(
      "This workspace has used 50 of 50 connected accounts on the Team plan. Remove one first.",
    );
  });

  it("says so when the workspace already holds more than its plan allows", () => {
    expect(limitMessage({ key: "brand_kits", plan: plans.free, allowed: 1, used: 3, adding: 1, now, isAdmin: true }).message).toBe(
      "This workspace has 3 brand kits, over the Free plan's 1 brand kit. Upgrade to Pro for 5 brand kits, or remove one first.",
    );
    expect(limitMessage({ key: "generations", plan: plans.free, allowed: 20, used: 25, adding: 1, now, isAdmin: false }).message).toBe(
      "This workspace has 25 generations this month, over the Free plan's 20 generations a month. Ask an admin to upgrade to Pro for 500 generations a month, or wait until 1 April.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { userRoles, type UserRole } from "../../core/enums";
import { authorize, can, rules, type Action, type Actor } from "../../worker/policies";

const actor = (role: UserRole, overrides: Partial<Actor> = {}): Actor => ({
  userId: 10,
  role,
  workspaceId: 1,
  workspaceSettings: defaultWorkspaceSettings,
  isSuperAdmin: role === "super_admin",
  ...overrides,
});

/** The matrix the product promises, written out so a change to the table is a visible diff here. */
const expected: Record<Action, UserRole[]> = {
  "workspace.read": ["super_admin", "admin", "member", "guest"],
  "workspace.update": ["super_admin", "admin"],
  "workspace.deactivate": ["super_admin", "admin"],
  "workspace.invitation_link": ["super_admin", "admin", "member"],
  "workspace.regenerate_invitation_link": ["super_admin", "admin"],
  "members.list": ["super_admin", "admin", "member"],
  "members.invite": ["super_admin", "admin", "member"],
  "members.invite_admin": ["super_admin", "admin"],
  "members.manage": ["super_admin", "admin"],
  "guests.list": ["super_admin", "admin", "member"],
  "guests.manage": ["super_admin", "admin"],
  "scim.manage": ["super_admin", "admin"],
  "channels.list": ["super_admin", "admin", "member", "guest"],
  "channels.create": ["super_admin", "admin", "member"],
  "channels.manage": ["super_admin", "admin"],
  "channels.read": ["super_admin", "admin"],
  "channels.read_members": ["super_admin", "admin"],
  // Joining depends on the group: nobody may join "no group in particular".
  "channels.join": [],
  "channels.request_join": [],
  // Document rules hang on the actor's access level; with no document, only the role-only parts pass.
  "articles.create": ["super_admin", "admin", "member"],
  "articles.read": [],
  "articles.comment": [],
  "articles.update": [],
  "articles.archive": [],
  "articles.delete": ["super_admin", "admin"],
  "articles.share": [],
  "articles.publish": [],
  "articles.protect": [],
  "articles.transfer": ["super_admin", "admin"],
  "articles.request_access": ["super_admin", "admin", "member", "guest"],
  "articles.react": [],
  "articles.duplicate": [],
  "folders.create": ["super_admin", "admin", "member"],
  "folders.read": [],
  "folders.update": [],
  "folders.delete": ["super_admin", "admin"],
  "folders.share": [],
  "folders.protect": [],
  "content.list": ["super_admin", "admin", "member", "guest"],
  "pins.manage": ["super_admin", "admin", "member"],
  "handbooks.create": ["super_admin", "admin", "member"],
  // A handbook without a cover document is for members; with one, for who may read (edit) the cover.
  "handbooks.read": ["super_admin", "admin", "member"],
  "handbooks.update": ["super_admin", "admin", "member"],
  "templates.manage": ["super_admin", "admin", "member"],
  // Guests upload only into a document or folder they may edit.
  "uploads.create": ["super_admin", "admin", "member"],
  "uploads.list": ["super_admin", "admin", "member"],
  // A file attached to nothing is for members; attached, for readers of what it is attached to.
  "uploads.read": ["super_admin", "admin", "member"],
  "uploads.delete": ["super_admin", "admin"],
  "imports.create": ["super_admin", "admin", "member"],
  "copies.create": ["super_admin", "admin", "member"],
  "brand_kits.read": ["super_admin", "admin", "member"],
  "brand_kits.manage": ["super_admin", "admin", "member"],
  "designs.read": ["super_admin", "admin", "member"],
  "designs.create": ["super_admin", "admin", "member"],
  "designs.update": ["super_admin", "admin", "member"],
  // Without a creator to compare, only admins delete a design.
  "designs.delete": ["super_admin", "admin"],
  "knowledge.read": ["super_admin", "admin", "member"],
  "knowledge.manage": ["super_admin", "admin", "member"],
  "content.generate": ["super_admin", "admin", "member"],
  "generations.read": ["super_admin", "admin", "member"],
  "article_style.update": ["super_admin", "admin"],
  "posts.read": ["super_admin", "admin", "member"],
  "posts.schedule": ["super_admin", "admin", "member"],
  "posts.publish_now": ["super_admin", "admin", "member"],
  "social_accounts.manage": ["super_admin", "admin", "member"],
  "integrations.manage": ["super_admin", "admin", "member"],
  "webhooks.manage": ["super_admin", "admin"],
  "analytics.read": ["super_admin", "admin", "member"],
  "ads.read": ["super_admin", "admin", "member"],
  "ads.manage": ["super_admin", "admin", "member"],
  "billing.read": ["super_admin", "admin", "member"],
  "billing.manage": ["super_admin", "admin"],
  "api_keys.read": ["super_admin", "admin", "member"],
  "api_keys.manage": ["super_admin", "admin"],
  // A connected site needs the document (read to see it there, edit to publish); members only.
  "site_posts.read": [],
  "site_posts.publish": [],
  "email_sequences.push": ["super_admin", "admin", "member"],
  "contacts.read": ["super_admin", "admin", "member"],
  "contacts.manage": ["super_admin", "admin", "member"],
  "search_console.read": ["super_admin", "admin", "member"],
  "inbox.read": ["super_admin", "admin", "member", "guest"],
  // Review rules hang on the document and on being the requester or a reviewer.
  "reviews.read": [],
  "reviews.create": [],
  "reviews.answer": [],
  "reviews.close": [],
  // Comment rules hang on the document and on being the author.
  "comments.create": [],
  "comments.resolve": [],
  "comments.read": [],
  "comments.update": [],
  "comments.delete": [],
  // Todo rules hang on the document and on being the assignee or the creator.
  "todos.create": [],
  "todos.complete": [],
  "todos.update": [],
  "todos.delete": [],
  // Suggestion rules hang on the document and on being the author.
  "suggestions.read": [],
  "suggestions.create": [],
  "suggestions.merge": [],
  "suggestions.withdraw": [],
  "changes.settle": [],
  "ai_revisions.create": [],
  "history.read": [],
  "history.restore": [],
  "insights.read": [],
  "branches.create": [],
  "branches.read": [],
  "branches.update": [],
  "branches.submit": [],
  "branches.merge": [],
  "branches.cancel": [],
};

/** What each access level allows on a document, for a member (guests differ only where noted). */
const byLevel: Record<"read" | "comment" | "edit" | "owner", Action[]> = {
  read: ["articles.read", "articles.react", "articles.duplicate"],
  comment: ["articles.read", "articles.react", "articles.duplicate", "articles.comment"],
  edit: ["articles.read", "articles.react", "articles.duplicate", "articles.comment", "articles.update", "articles.archive", "articles.share", "articles.publish"],
  owner: [
    "articles.read", "articles.react", "articles.duplicate", "articles.comment", "articles.update", "articles.archive", "articles.share",
    "articles.publish", "articles.protect", "articles.delete", "articles.transfer",
  ],
};

describe("permission matrix", () => {
  it("covers every action in the policy table", () => {
    expect(Object.keys(rules).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const action of Object.keys(expected) as Action[]) {
    for (const role of userRoles) {
      const allowed = expected[action].includes(role);
      it(`${allowed ? "lets" : "stops"} ${role} ${action.replace(".", " → ")}`, () => {
        expect(can(actor(role), action)).toBe(allowed);
        if (allowed) expect(() => authorize(actor(role), action)).not.toThrow();
        else expect(() => authorize(actor(role), action)).toThrow(/permission/);
      });
    }
  }
});

describe("document access levels", () => {
  const documentActions = Object.keys(rules).filter((action) => action.startsWith("articles.") && action !== "articles.create" && action !== "articles.request_access") as Action[];
  for (const [level, allowed] of Object.entries(byLevel)) {
    it(`a member with ${level} access may ${allowed.join(", ")} and nothing else`, () => {
      for (const action of documentActions) {
        expect([action, can(actor("member"), action, { level })]).toEqual([action, allowed.includes(action)]);
      }
    });
  }

  it("never lets a guest publish, even with edit access", () => {
    expect(can(actor("guest"), "articles.publish", { level: "edit" })).toBe(false);
    expect(can(actor("guest"), "articles.update", { level: "edit" })).toBe(true);
  });

  it("lets anonymous visitors read and comment by level but never edit", () => {
    expect(can(actor("unauthed"), "articles.read", { level: "read" })).toBe(true);
    expect(can(actor("unauthed"), "articles.comment", { level: "comment" })).toBe(true);
    expect(can(actor("unauthed"), "articles.update", { level: "edit" })).toBe(false);
  });

  it("lets guests create only inside a folder they may edit", () => {
    expect(can(actor("guest"), "articles.create")).toBe(false);
    expect(can(actor("guest"), "articles.create", { level: "edit" })).toBe(true);
    expect(can(actor("member"), "folders.create", { level: "comment" })).toBe(false);
  });
});

describe("history and branches", () => {
  const branch = (level: "read" | "comment" | "edit" | null, roles: { isAuthor?: boolean; isReviewer?: boolean } = {}) => ({
    level,
    isAuthor: false,
    isReviewer: false,
    ...roles,
  });
  const withBranches = (role: UserRole) =>
    actor(role, { workspaceSettings: { ...defaultWorkspaceSettings, preferences: { ...defaultWorkspaceSettings.preferences, version_control_mode: "branches" } } });

  it("shows a document's history and insights to its editors only, and lets them restore", () => {
    expect(can(actor("member"), "history.read", { level: "edit" })).toBe(true);
    expect(can(actor("guest"), "history.restore", { level: "edit" })).toBe(true);
    expect(can(actor("member"), "history.read", { level: "comment" })).toBe(false);
    expect(can(actor("member"), "insights.read", { level: "read" })).toBe(false);
    expect(can(actor("unauthed"), "history.read", { level: "edit" })).toBe(false);
  });
  it("lets editors start a branch only when the workspace has version control on", () => {
    expect(can(actor("member"), "branches.create", branch("edit"))).toBe(false);
    expect(can(withBranches("member"), "branches.create", branch("edit"))).toBe(true);
    expect(can(withBranches("member"), "branches.create", branch("comment"))).toBe(false);
  });
  it("shows a branch to editors, its author and its reviewers while they can open the document", () => {
    expect(can(actor("member"), "branches.read", branch("read", { isReviewer: true }))).toBe(true);
    expect(can(actor("member"), "branches.read", branch("comment"))).toBe(false);
    expect(can(actor("member"), "branches.read", branch(null, { isAuthor: true }))).toBe(false);
  });
  it("lets its author submit or cancel it, and only editors merge it", () => {
    expect(can(actor("member"), "branches.submit", branch("read", { isAuthor: true }))).toBe(true);
    expect(can(actor("member"), "branches.cancel", branch("comment"))).toBe(false);
    expect(can(actor("member"), "branches.merge", branch("read", { isAuthor: true }))).toBe(false);
    expect(can(actor("member"), "branches.merge", branch("edit"))).toBe(true);
  });
});

describe("reviews", () => {
  const review = (level: "read" | "comment" | "edit" | null, roles: { isRequester?: boolean; isReviewer?: boolean } = {}) => ({
    level,
    isRequester: false,
    isReviewer: false,
    ...roles,
  });
  it("lets editors ask for review, never readers or commenters", () => {
    expect(can(actor("member"), "reviews.create", review("edit"))).toBe(true);
    expect(can(actor("member"), "reviews.create", review("comment"))).toBe(false);
    expect(can(actor("guest"), "reviews.create", review("read"))).toBe(false);
  });
  it("lets only the people asked answer, and only while they can open the document", () => {
    expect(can(actor("member"), "reviews.answer", review("read", { isReviewer: true }))).toBe(true);
    expect(can(actor("member"), "reviews.answer", review("edit"))).toBe(false);
    expect(can(actor("member"), "reviews.answer", review(null, { isReviewer: true }))).toBe(false);
  });
  it("lets the requester or an editor end a review, not another reviewer", () => {
    expect(can(actor("member"), "reviews.close", review("read", { isRequester: true }))).toBe(true);
    expect(can(actor("member"), "reviews.close", review("edit"))).toBe(true);
    expect(can(actor("member"), "reviews.close", review("comment", { isReviewer: true }))).toBe(false);
  });
});

describe("suggestions and tracked changes", () => {
  const suggestion = (level: "read" | "comment" | "edit" | "owner" | null, isAuthor = false) => ({ level, isAuthor });
  it("lets commenters suggest and everyone who can open the document read suggestions, never a reader suggest", () => {
    expect(can(actor("member"), "suggestions.create", suggestion("comment"))).toBe(true);
    expect(can(actor("guest"), "suggestions.create", suggestion("comment"))).toBe(true);
    expect(can(actor("member"), "suggestions.create", suggestion("read"))).toBe(false);
    expect(can(actor("member"), "suggestions.read", suggestion("read"))).toBe(true);
    expect(can(actor("member"), "suggestions.read", suggestion(null))).toBe(false);
    expect(can(actor("unauthed"), "suggestions.create", suggestion("comment"))).toBe(false);
  });
  it("lets editors merge, reject and accept changes; commenters and readers not", () => {
    for (const action of ["suggestions.merge", "changes.settle"] as const) {
      expect(can(actor("member"), action, suggestion("edit"))).toBe(true);
      expect(can(actor("guest"), action, suggestion("owner"))).toBe(true);
      expect(can(actor("member"), action, suggestion("comment", true))).toBe(false);
      expect(can(actor("admin"), action, suggestion("read"))).toBe(false);
    }
  });
  it("lets members who may suggest ask for an AI revision, never guests or readers", () => {
    expect(can(actor("member"), "ai_revisions.create", suggestion("comment"))).toBe(true);
    expect(can(actor("guest"), "ai_revisions.create", suggestion("edit"))).toBe(false);
    expect(can(actor("member"), "ai_revisions.create", suggestion("read"))).toBe(false);
  });
  it("lets only the author withdraw, while they may still suggest", () => {
    expect(can(actor("member"), "suggestions.withdraw", suggestion("comment", true))).toBe(true);
    expect(can(actor("member"), "suggestions.withdraw", suggestion("read", true))).toBe(false);
    expect(can(actor("member"), "suggestions.withdraw", suggestion("edit", false))).toBe(false);
  });
});

describe("rules that depend on the workspace or the resource", () => {
  it("stops members from inviting when the workspace allows only admins", () => {
    const settings = { ...defaultWorkspaceSettings, preferences: { ...defaultWorkspaceSettings.preferences, members_can_invite: false } };
    expect(can(actor("member", { workspaceSettings: settings }), "members.invite")).toBe(false);
    expect(can(actor("admin", { workspaceSettings: settings }), "members.invite")).toBe(true);
  });

  it("lets guests see members only when the workspace allows it", () => {
    const settings = { ...defaultWorkspaceSettings, preferences: { ...defaultWorkspaceSettings.preferences, guests_can_see_members: true } };
    expect(can(actor("guest"), "members.list")).toBe(false);
    expect(can(actor("guest", { workspaceSettings: settings }), "members.list")).toBe(true);
  });

  it("lets a design's creator or an admin delete it, never another member or a guest", () => {
    expect(can(actor("member"), "designs.delete", { creatorId: 10 })).toBe(true);
    expect(can(actor("member"), "designs.delete", { creatorId: 99 })).toBe(false);
    expect(can(actor("admin"), "designs.delete", { creatorId: 99 })).toBe(true);
    expect(can(actor("guest"), "designs.delete", { creatorId: 10 })).toBe(false);
  });

  it("lets a group's owner manage it without being an admin, but not anyone else's", () => {
    expect(can(actor("member"), "channels.manage", { createdById: 10 })).toBe(true);
    expect(can(actor("member"), "channels.manage", { createdById: 99, ownerIds: [10] })).toBe(true);
    expect(can(actor("member"), "channels.manage", { createdById: 99, ownerIds: [98] })).toBe(false);
    expect(can(actor("unauthed"), "channels.manage", { createdById: 10 })).toBe(false);
  });

  it("shows and opens groups by visibility: private to members only, shared even to guests", () => {
    const group = (visibility: "private" | "public" | "shared" | "closed", isMember = false) => ({ createdById: 99, ownerIds: [99], visibility, isMember });
    expect(can(actor("member"), "channels.read", group("private"))).toBe(false);
    expect(can(actor("member"), "channels.read", group("private", true))).toBe(true);
    expect(can(actor("admin"), "channels.read", group("private"))).toBe(true);
    expect(can(actor("guest"), "channels.read", group("public"))).toBe(false);
    expect(can(actor("guest"), "channels.read", group("shared"))).toBe(true);
    expect(can(actor("member"), "channels.join", group("public"))).toBe(true);
    expect(can(actor("member"), "channels.join", group("public", true))).toBe(false);
    expect(can(actor("member"), "channels.join", group("closed"))).toBe(false);
    expect(can(actor("member"), "channels.request_join", group("closed"))).toBe(true);
    expect(can(actor("guest"), "channels.join", group("public"))).toBe(false);
    expect(can(actor("guest"), "channels.join", group("shared"))).toBe(true);
    expect(can(actor("guest"), "channels.request_join", group("closed"))).toBe(false);
    expect(can(actor("member"), "channels.read_members", group("public"))).toBe(false);
    expect(can(actor("member"), "channels.read_members", group("public", true))).toBe(true);
  });
});

describe("comments", () => {
  const on = (level: "read" | "comment" | "edit", isAuthor: boolean) => ({ level, isAuthor });
  it("lets readers mark threads read, commenters comment and resolve, authors edit their own, authors and editors delete", () => {
    const member = actor("member");
    expect(can(member, "comments.create", on("read", false))).toBe(false);
    expect(can(member, "comments.create", on("comment", false))).toBe(true);
    expect(can(member, "comments.resolve", on("read", true))).toBe(false);
    expect(can(member, "comments.resolve", on("comment", false))).toBe(true);
    expect(can(member, "comments.update", on("edit", false))).toBe(false);
    expect(can(member, "comments.update", on("comment", true))).toBe(true);
    // An author who lost comment access keeps nothing.
    expect(can(member, "comments.update", on("read", true))).toBe(false);
    expect(can(member, "comments.delete", on("comment", false))).toBe(false);
    expect(can(member, "comments.delete", on("comment", true))).toBe(true);
    expect(can(member, "comments.delete", on("edit", false))).toBe(true);
    expect(can(actor("unauthed"), "comments.create", on("comment", false))).toBe(false);
    expect(can(member, "comments.read", on("read", false))).toBe(true);
    expect(can(actor("guest"), "comments.read", on("read", false))).toBe(true);
    expect(can(member, "comments.read", { level: null, isAuthor: true })).toBe(false);
    // Read marks are a person's own state: someone not signed in has none.
    expect(can(actor("unauthed"), "comments.read", on("read", false))).toBe(false);
  });
});

describe("todos", () => {
  const on = (level: "read" | "comment" | "edit" | null, who: { isAssignee?: boolean; isCreator?: boolean } = {}) => ({ level, isAssignee: false, isCreator: false, ...who });
  it("lets editors make, reassign and delete todos, and the assignee or creator tick one off while they can open the document", () => {
    const member = actor("member");
    expect(can(member, "todos.create", on("comment"))).toBe(false);
    expect(can(member, "todos.create", on("edit"))).toBe(true);
    expect(can(actor("guest"), "todos.create", on("edit"))).toBe(true);
    expect(can(member, "todos.complete", on("read"))).toBe(false);
    expect(can(member, "todos.complete", on("read", { isAssignee: true }))).toBe(true);
    expect(can(member, "todos.complete", on("read", { isCreator: true }))).toBe(true);
    expect(can(member, "todos.complete", on("edit"))).toBe(true);
    // An assignee who can no longer open the document ticks nothing.
    expect(can(member, "todos.complete", on(null, { isAssignee: true }))).toBe(false);
    expect(can(member, "todos.update", on("read", { isAssignee: true, isCreator: true }))).toBe(false);
    expect(can(member, "todos.update", on("edit"))).toBe(true);
    expect(can(member, "todos.delete", on("comment", { isCreator: true }))).toBe(false);
    expect(can(member, "todos.delete", on("edit"))).toBe(true);
    expect(can(actor("unauthed"), "todos.complete", on("read", { isAssignee: true }))).toBe(false);
  });
});

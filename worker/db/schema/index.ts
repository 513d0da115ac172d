// Tables, one file per domain. Later areas (documents, reviews, content, publishing,
// billing) add their own file here and a migration with `npm run db:generate`.
export * from "./identity";
export * from "./workspaces";
export * from "./channels";
export * from "./operations";
export * from "./documents";
export * from "./content";
export * from "./publishing";
export * from "./reviews";
export * from "./inbox";
export * from "./comments";
export * from "./todos";
export * from "./suggestions";
export * from "./integrations";
export * from "./contacts";
export * from "./billing";
export * from "./analytics";
export * from "./ads";
export * from "./history";
export * from "./designs";

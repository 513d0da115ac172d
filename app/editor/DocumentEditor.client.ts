// The editor's way in for the page, in the browser only: the server renders the stored document
// (see DocumentScreen), so Remix leaves Lexical's React plugins, the room client and the toolbar
// out of the server build, and so out of the Worker.
export { DocumentEditor } from "./DocumentEditor";
